// dependency-check: parse a dependency manifest and report hygiene findings (ranges, sources, typosquats, indexes).
import { defineTool } from '../kit/contract.ts';
import { checkManifest, prepareManifest } from './engine.ts';
import type { CheckInput } from './engine.ts';
import { EXAMPLES } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { input, output } from './schema.ts';
import type { z } from 'zod';

export default defineTool({
  name: 'dependency-check',
  title: 'Dependency check',
  summary: 'Check a dependency manifest for risky version ranges, sources, indexes and typosquats',
  description:
    'Parses package.json, requirements.txt, pyproject.toml (PEP 621, PEP 735 groups, Poetry, uv sources), Pipfile, go.mod, Cargo.toml or Gemfile with real parsers ' +
    'and lists every dependency (name, requested version, group, source). Findings: unpinned or wildcard versions, ranges with no upper bound, pre-releases and Go ' +
    'pseudo-versions, git/URL/path sources, git dependencies without a fixed commit, plain-http or unverified sources, extra package indexes (dependency confusion), ' +
    'duplicates, dev tools in production dependencies, names one edit away from popular packages (typosquats), and a missing lockfile when lockfile_present is false. ' +
    'Gives a 0-100 score. Malformed manifests answer 400 with a code naming the syntax (manifest_invalid_json, manifest_invalid_toml, manifest_invalid_requirements, ' +
    'manifest_invalid_gomod, manifest_invalid_gemfile) and the line. Limits: reads the manifest only (no lockfile, no registry or vulnerability lookups); Gemfiles are ' +
    'read as Bundler DSL, so gems added by arbitrary Ruby code are not seen.',
  credits: 1,
  deployed: true,
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  uploadField: 'manifest',
  examples: EXAMPLES,
  hostile: hostileCases,
  // Detection, parsing and every refusal happen here, before the charge; run only applies the rules.
  prepare(args) {
    return prepareManifest(toCheckInput(args));
  },
  run(args, _ctx, prepared) {
    return checkManifest(toCheckInput(args), prepared);
  },
});

/** The gateway has replaced upload_id with the uploaded text by now; the schema's refinement guarantees one of them. */
function toCheckInput(args: z.output<typeof input>): CheckInput {
  return { manifest: args.manifest ?? '', filename: args.filename, ecosystem: args.ecosystem, lockfile_present: args.lockfile_present, project_kind: args.project_kind };
}
