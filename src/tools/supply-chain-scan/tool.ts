// supply-chain-scan: read a lockfile and report supply-chain risks (malware, typosquats, sources, hashes, registries).
import { defineTool } from '../kit/contract.ts';
import { prepareLockfile, scanLockfile } from './engine.ts';
import type { ScanInput } from './engine.ts';
import { EXAMPLES } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { input, output } from './schema.ts';
import type { z } from 'zod';

export default defineTool({
  name: 'supply-chain-scan',
  title: 'Supply-chain scan',
  summary: 'Scan a lockfile for malicious, typosquatted, unverified or off-registry packages',
  description:
    'Reads a lockfile (package-lock.json v1-v3, yarn.lock v1 and Berry, pnpm-lock.yaml v5-v9, requirements.txt with pip hash-checking, poetry.lock, Cargo.lock or go.sum) ' +
    'and reports supply-chain risks per locked package: known-malicious or sabotaged versions from a vendored advisory snapshot (GitHub Advisory Database, OpenSSF ' +
    'Malicious Packages, PyPA, RustSec), typosquats of popular names (one edit, swapped letters, separators, reordered words, affixes), install scripts, git/URL/local ' +
    'sources, missing or weak integrity hashes, unpinned requirements, extra package indexes (dependency confusion), plain-http transports, and registries outside ' +
    'allowed_registries. Returns the package list, findings with fixes, counts by severity and a 0-100 score. Malformed lockfiles answer 400 with a code naming the ' +
    'format (lockfile_invalid_package_lock, lockfile_invalid_yarn_lock, lockfile_invalid_pnpm_lock, lockfile_invalid_requirements, lockfile_invalid_poetry_lock, ' +
    'lockfile_invalid_cargo_lock, lockfile_invalid_go_sum) and the line when known; an unrecognisable file answers lockfile_format_unknown. Limits: offline, so only ' +
    'the vendored advisories are known (no live vulnerability lookup); it cannot see what a lockfile does not record (the registry of pnpm and Yarn Berry packages, ' +
    'install scripts in yarn.lock and Cargo.lock, go.mod replace directives).',
  credits: 1,
  deployed: false,
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  uploadField: 'lockfile',
  examples: EXAMPLES,
  hostile: hostileCases,
  // Detection and parsing (every refusal) happen here, before the charge; run only applies the rules.
  prepare(args) {
    return prepareLockfile(toScanInput(args));
  },
  run(args, _ctx, prepared) {
    return scanLockfile(toScanInput(args), prepared);
  },
});

/** The gateway has replaced upload_id with the uploaded text by now; the schema's refinement guarantees one of them. */
function toScanInput(args: z.output<typeof input>): ScanInput {
  return { lockfile: args.lockfile ?? '', filename: args.filename, format: args.format, allowed_registries: args.allowed_registries };
}
