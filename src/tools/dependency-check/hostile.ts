// Adversarial manifests for dependency-check: each format's own delimiters, repeated up to the 1 MB field cap.
import type { HostileCase } from '../kit/contract.ts';
import type { Fill } from '../kit/hostile.ts';
import { fillCases } from '../kit/hostile.ts';
import { HOSTILE_REQUIREMENTS } from '../kit/python-requirements/hostile.ts';
import { MAX_MANIFEST_CHARS } from './model.ts';

/** Per file name: [what it probes, head, unit repeated to the cap, tail]. */
const BY_FILENAME: Readonly<Record<string, readonly Fill[]>> = {
  Gemfile: [
    // The reported case (100,000 spaces inside a requirement took 5.8 s), then quotes, brackets, blocks.
    ['requirement of 1 MB of spaces then <', "gem 'rails', '", ' ', "<'\n"],
    ['requirement of spaces, no closing quote', "gem 'rails', '", ' '],
    ['1 MB of double quotes', '', '"'],
    ['1 MB of single-quoted empty strings', 'gem ', "'',"],
    ['nested if blocks', '', 'if a\n'],
    ['group blocks opened and closed', '', 'group :a do\ngem "x"\nend\n'],
    ['gem lines with options', '', 'gem "a", ">= 1", git: "https://x/y.git", branch: "m"\n'],
    ['open parentheses', 'gem ', '('],
    ['%w literal of words', 'gem "a", %w[', 'a ', ']\n'],
    ['interpolations', 'gem "', '#{', '"'],
    ['comment lines', '', '#\n'],
    ['carriage returns', 'gem "a"', '\r'],
    ['line continuations', 'gem "a",', '\\\n'],
    ['hash arrows', 'gem "a", ', ':a => '],
    ['one long name', 'gem "', 'a', '"\n'],
  ],
  'requirements.txt': HOSTILE_REQUIREMENTS,
  // TOML: pyproject.toml, Pipfile, Cargo.toml.
  'pyproject.toml': [
    ['nested arrays', 'a = ', '['],
    ['1 MB of double quotes', '', '"'],
    ['dependency strings', '[project]\ndependencies = [', '"a>=1",', ']\n'],
    ['poetry constraint of spaces', '[tool.poetry.dependencies]\na = ">=1', ' ', '<2"\n'],
    ['table headers', '', '[a]\n'],
    ['dotted key', '', 'a.', 'b = 1\n'],
  ],
  Pipfile: [
    ['packages of stars', '[packages]\n', 'a = "*"\n'],
    ['inline tables', '[packages]\na = ', '{a = '],
  ],
  'Cargo.toml': [
    ['version of spaces', '[dependencies]\na = "1', ' ', '"\n'],
    ['path of slashes', '[package]\nname = "a"\n[dependencies]\na = { path = "', '/', 'x" }\n'],
    ['workspace glob of stars', '[workspace]\nmembers = ["', '*', '"]\n'],
  ],
  'package.json': [
    ['nested arrays', '{"a":', '['],
    ['dependency entries', '{"dependencies":{', '"a":"*",', '"b":"1"}}'],
    ['escaped quotes', '{"a":"', '\\"', '"}'],
    ['|| ranges', '{"dependencies":{"a":"1', ' || 1', '"}}'],
  ],
  'go.mod': [
    ['require lines', 'module x\nrequire (\n', 'a v1.0.0\n', ')\n'],
    ['comments', 'module x\n', '//\n'],
    ['replace arrows', 'module x\nreplace a => ', '=> '],
    ['long token', 'module ', 'a'],
  ],
};

/** Without a file name: content sniffing. */
const SNIFFED: readonly Fill[] = [
  ['1 MB of newlines and gem', '', '\ngem'],
  ['spaces', 'a', ' ', '==1'],
];

export function hostileCases(): HostileCase[] {
  return fillCases('manifest', MAX_MANIFEST_CHARS, BY_FILENAME, SNIFFED);
}
