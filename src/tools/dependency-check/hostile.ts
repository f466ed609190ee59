// Adversarial manifests for dependency-check: each format's own delimiters, repeated up to the 1 MB field cap.
import type { HostileCase } from '../kit/contract.ts';
import { fileCases, fillBetween } from '../kit/hostile.ts';
import { MAX_MANIFEST_CHARS } from './model.ts';

/** `head` + `unit` repeated + `tail`, at most the field cap. */
const fill = (head: string, unit: string, tail = ''): string => fillBetween(head, unit, tail, MAX_MANIFEST_CHARS);
const c = fileCases('manifest');

export function hostileCases(): HostileCase[] {
  return [
    // Gemfile: the reported case (100,000 spaces inside a requirement took 5.8 s), then quotes, brackets, blocks.
    c('Gemfile: requirement of 1 MB of spaces then <', 'Gemfile', fill("gem 'rails', '", ' ', "<'\n")),
    c('Gemfile: requirement of spaces, no closing quote', 'Gemfile', fill("gem 'rails', '", ' ')),
    c('Gemfile: 1 MB of double quotes', 'Gemfile', fill('', '"')),
    c('Gemfile: 1 MB of single-quoted empty strings', 'Gemfile', fill('gem ', "'',")),
    c('Gemfile: nested if blocks', 'Gemfile', fill('', 'if a\n')),
    c('Gemfile: group blocks opened and closed', 'Gemfile', fill('', 'group :a do\ngem "x"\nend\n')),
    c('Gemfile: gem lines with options', 'Gemfile', fill('', 'gem "a", ">= 1", git: "https://x/y.git", branch: "m"\n')),
    c('Gemfile: open parentheses', 'Gemfile', fill('gem ', '(')),
    c('Gemfile: %w literal of words', 'Gemfile', fill('gem "a", %w[', 'a ', ']\n')),
    c('Gemfile: interpolations', 'Gemfile', fill('gem "', '#{', '"')),
    c('Gemfile: comment lines', 'Gemfile', fill('', '#\n')),
    c('Gemfile: carriage returns', 'Gemfile', fill('gem "a"', '\r')),
    c('Gemfile: line continuations', 'Gemfile', fill('gem "a",', '\\\n')),
    c('Gemfile: hash arrows', 'Gemfile', fill('gem "a", ', ':a => ')),
    c('Gemfile: one long name', 'Gemfile', fill('gem "', 'a', '"\n')),
    // requirements.txt
    c('requirements: slashes then NUL slash (reported)', 'requirements.txt', fill('', '/', '\u0000/')),
    c('requirements: == repeated', 'requirements.txt', fill('a', '==')),
    c('requirements: >= lines', 'requirements.txt', fill('', 'a>=1\n')),
    c('requirements: markers ;', 'requirements.txt', fill('a ', ';')),
    c('requirements: comments', 'requirements.txt', fill('', '# a\n')),
    c('requirements: continuation lines', 'requirements.txt', fill('a', '\\\n')),
    c('requirements: spaces before @', 'requirements.txt', fill('a', ' ', '@ https://x/a.whl')),
    c('requirements: --hash options', 'requirements.txt', fill('a==1', ' --hash=sha256:0')),
    c('requirements: option with spaces', 'requirements.txt', fill('--index-url', ' ', '=')),
    c('requirements: extras brackets', 'requirements.txt', fill('a[', 'b,', ']')),
    c('requirements: commas in specifier', 'requirements.txt', fill('a>=1', ',')),
    c('requirements: NULs', 'requirements.txt', fill('', '\u0000')),
    c('requirements: carriage returns', 'requirements.txt', fill('a==1', '\r')),
    c('requirements: long URL of dots', 'requirements.txt', fill('https://x/', '.', '.tar.gz')),
    c('requirements: git ref of digits and dots', 'requirements.txt', fill('git+https://x/y.git@1', '.1', '#egg=a')),
    // pyproject.toml / Pipfile / Cargo.toml (TOML)
    c('pyproject: nested arrays', 'pyproject.toml', fill('a = ', '[')),
    c('pyproject: 1 MB of double quotes', 'pyproject.toml', fill('', '"')),
    c('pyproject: dependency strings', 'pyproject.toml', fill('[project]\ndependencies = [', '"a>=1",', ']\n')),
    c('pyproject: poetry constraint of spaces', 'pyproject.toml', fill('[tool.poetry.dependencies]\na = ">=1', ' ', '<2"\n')),
    c('pyproject: table headers', 'pyproject.toml', fill('', '[a]\n')),
    c('pyproject: dotted key', 'pyproject.toml', fill('', 'a.', 'b = 1\n')),
    c('Pipfile: packages of stars', 'Pipfile', fill('[packages]\n', 'a = "*"\n')),
    c('Pipfile: inline tables', 'Pipfile', fill('[packages]\na = ', '{a = ')),
    c('Cargo.toml: version of spaces', 'Cargo.toml', fill('[dependencies]\na = "1', ' ', '"\n')),
    c('Cargo.toml: path of slashes', 'Cargo.toml', fill('[package]\nname = "a"\n[dependencies]\na = { path = "', '/', 'x" }\n')),
    c('Cargo.toml: workspace glob of stars', 'Cargo.toml', fill('[workspace]\nmembers = ["', '*', '"]\n')),
    // package.json
    c('package.json: nested arrays', 'package.json', fill('{"a":', '[')),
    c('package.json: dependency entries', 'package.json', fill('{"dependencies":{', '"a":"*",', '"b":"1"}}')),
    c('package.json: escaped quotes', 'package.json', fill('{"a":"', '\\"', '"}')),
    c('package.json: || ranges', 'package.json', fill('{"dependencies":{"a":"1', ' || 1', '"}}')),
    // go.mod
    c('go.mod: require lines', 'go.mod', fill('module x\nrequire (\n', 'a v1.0.0\n', ')\n')),
    c('go.mod: comments', 'go.mod', fill('module x\n', '//\n')),
    c('go.mod: replace arrows', 'go.mod', fill('module x\nreplace a => ', '=> ')),
    c('go.mod: long token', 'go.mod', fill('module ', 'a')),
    // content sniffing
    c('no filename: 1 MB of newlines and gem', undefined, fill('', '\ngem')),
    c('no filename: spaces', undefined, fill('a', ' ', '==1')),
  ];
}
