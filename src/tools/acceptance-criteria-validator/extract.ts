// The criteria extractor lives in src/tools/kit/criteria/extract.ts (shared with ticket-lint); this name stays for
// bench/agile-criteria.ts, which imports it from here. Remove once the bench imports the kit module.
export { extractCriteria } from '../kit/criteria/extract.ts';
