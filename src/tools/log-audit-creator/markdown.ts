// Renders the specification as one Markdown document; user-supplied text is escaped so it cannot break the layout.
import type { Output } from './tool.ts';

type FieldSpec = Output['global_fields']['required'][number];
type NeverLogSpec = Output['never_log'][number];

const FRAMEWORK_NAMES: Readonly<Record<string, string>> = {
  soc2: 'SOC 2',
  pci_dss: 'PCI DSS v4.0',
  hipaa: 'HIPAA Security Rule',
  gdpr: 'GDPR',
  iso27001: 'ISO/IEC 27001:2022',
  sox: 'Sarbanes-Oxley (SOX)',
};

/** Escape the characters that start Markdown or HTML constructs; text is already free of control characters. */
function esc(s: string): string {
  return s.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(head: string[], rows: string[][]): string[] {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)];
}

function fieldRows(fields: FieldSpec[]): string[][] {
  return fields.map((f) => [`\`${f.field}\``, f.standard, esc(f.description)]);
}

function neverRows(items: NeverLogSpec[]): string[][] {
  return items.map((n) => [esc(n.data), n.treatment, esc(n.how)]);
}

export function renderMarkdown(spec: Output): string {
  const out: string[] = [];
  const fw = spec.frameworks.length > 0 ? spec.frameworks.map((f) => FRAMEWORK_NAMES[f] ?? f).join(', ') : 'none chosen';
  out.push(`# Audit logging specification: ${esc(spec.app_name)}`, '');
  out.push(`Service name \`${spec.service_name}\`, audit stream \`${spec.service_name}.audit\`. Frameworks: ${fw}. Event names follow the ${spec.vocabulary}; field names follow ECS ${spec.ecs_version} (custom keys under \`labels.\`).`, '');
  const s = spec.summary;
  out.push(`${s.feature_count} features, ${s.event_count} events (${s.owasp_event_count} OWASP, ${s.custom_event_count} custom, ${s.critical_event_count} critical), ${s.alert_count} alert rules.`, '');

  if (spec.gaps.length > 0) {
    out.push('## Gaps to resolve', '');
    for (const g of spec.gaps) out.push(`- **${g.code}**: ${esc(g.message)}`);
    out.push('');
  }

  out.push('## Global fields', '', 'Every event carries these:', '');
  out.push(...table(['field', 'standard', 'description'], fieldRows(spec.global_fields.required)), '');
  out.push('Add these whenever the application has them:', '');
  out.push(...table(['field', 'standard', 'description'], fieldRows(spec.global_fields.optional)), '');

  out.push('## Features', '');
  for (const f of spec.features) {
    out.push(`### ${esc(f.name)}`, '');
    if (f.description) out.push(esc(f.description), '');
    const kinds = f.kinds.map((k) => (k.matched_terms.length > 0 ? `${k.label} (${k.matched_terms.map(esc).join(', ')})` : k.label)).join('; ');
    out.push(`- Recognised as: ${kinds}${f.recognised ? '' : ' (no specific kind matched)'}`);
    out.push(`- Events: ${f.events.map((e) => `\`${e}\``).join(', ')}`);
    if (f.never_log.length > 0) out.push(`- Never log: ${f.never_log.map((n) => `${esc(n.data)} (${n.treatment})`).join('; ')}`);
    out.push('');
  }

  out.push('## Application-wide events', '');
  for (const b of spec.baseline_events) out.push(`- \`${b.event}\`: ${esc(b.reason)}`);
  out.push('');

  out.push('## Events', '');
  for (const e of spec.events) {
    out.push(`### \`${e.name}\``, '');
    out.push(`${e.level}, ${e.source === 'owasp' ? 'OWASP vocabulary' : 'custom, OWASP style'}: \`${e.signature}\``, '');
    out.push(`When: ${esc(e.trigger)}`, '');
    out.push(`ECS: \`event.action\` ${e.ecs.action}, \`event.kind\` ${e.ecs.kind}, \`event.category\` [${e.ecs.category.join(', ')}], \`event.type\` [${e.ecs.type.join(', ')}], \`event.outcome\` ${e.ecs.outcome}.`, '');
    if (e.features.length > 0) out.push(`Features: ${e.features.map(esc).join(', ')}.`, '');
    if (e.baseline_reason) out.push(`Application-wide: ${esc(e.baseline_reason)}`, '');
    out.push('Required fields (besides the global ones):', '');
    out.push(...table(['field', 'standard', 'description'], fieldRows(e.required_fields)), '');
    if (e.optional_fields.length > 0) {
      out.push(`Optional: ${e.optional_fields.map((f) => `\`${f.field}\``).join(', ')}.`, '');
    }
    if (e.never_log.length > 0) {
      out.push('Never log:', '');
      out.push(...table(['data', 'treatment', 'how'], neverRows(e.never_log)), '');
    }
    if (e.alerts.length > 0) out.push(`Alerts: ${e.alerts.map((a) => `\`${a}\``).join(', ')}.`, '');
    out.push('Example:', '', '```json', e.example, '```', '');
  }

  out.push('## Alert rules', '');
  out.push(
    ...table(
      ['id', 'severity', 'condition', 'query', 'response'],
      spec.alerts.map((a) => [`\`${a.id}\``, a.severity, esc(a.condition), `\`${a.query.replace(/`/g, "'")}\``, esc(a.response)]),
    ),
    '',
  );

  out.push('## Retention', '');
  if (spec.retention.rules.length > 0) {
    out.push(
      ...table(
        ['framework', 'minimum days', 'recommended days', 'immediately available days', 'maximum days', 'basis'],
        spec.retention.rules.map((r) => [FRAMEWORK_NAMES[r.framework] ?? r.framework, String(r.minimum_days ?? 'not fixed'), String(r.recommended_days), String(r.immediately_available_days ?? 'not fixed'), String(r.maximum_days ?? 'none'), esc(r.basis)]),
      ),
      '',
    );
  }
  const eff = spec.retention.effective;
  out.push(`Effective: ${eff.days} days, the last ${eff.immediately_available_days} immediately searchable. ${esc(eff.note)}`, '');

  if (spec.framework_requirements.length > 0) {
    out.push('## Framework requirements', '');
    out.push(
      ...table(
        ['framework', 'reference', 'requirement', 'status', 'events'],
        spec.framework_requirements.map((r) => [FRAMEWORK_NAMES[r.framework] ?? r.framework, r.reference, esc(r.requirement) + (r.note ? ` ${esc(r.note)}` : ''), r.status, r.events.map((e) => `\`${e}\``).join(', ')]),
      ),
      '',
    );
  }

  out.push('## Never log', '');
  out.push(...table(['data', 'treatment', 'how'], neverRows(spec.never_log)), '');

  out.push('## Practices', '');
  for (const p of spec.practices) out.push(`- ${esc(p.rule)} (${esc(p.source)})`);
  out.push('');
  return out.join('\n');
}
