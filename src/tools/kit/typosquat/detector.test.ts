// The detector on a small synthetic list: each relation, the two ways of choosing, known names and scopes.
import { describe, expect, it } from 'vitest';
import { TyposquatDetector } from './detector.ts';
import type { SquatPolicy } from './detector.ts';
import { normalizeName } from './edits.ts';

const base: SquatPolicy = {
  normalize: (n) => normalizeName('other', n),
  maxNameLength: 100,
  minEditTargetLength: 5,
  choose: 'most_popular',
  separators: true,
  reorderedParts: true,
  numberBumpsAreSiblings: true,
  affixTargets: (n) => (n.startsWith('node-') ? [n.slice(5)] : []),
  ownerLookalike: true,
  trustKnownScopes: true,
};
const targets = new Map([
  ['lodash', 30],
  ['cross-env', 20],
  ['yaml-parser', 10],
  ['github.com/boltdb/bolt', 5],
  ['react-dom', 4],
  ['lodast', 2],
]);
const detector = (policy: Partial<SquatPolicy> = {}): TyposquatDetector => new TyposquatDetector({ known: [...targets.keys(), '@babel/core', 'ms'], targets }, { ...base, ...policy });

describe('kit/typosquat detector', () => {
  it('finds each relation', () => {
    const d = detector();
    expect(d.find('lodahs')).toEqual({ target: 'lodash', kind: 'swapped_characters', score: 30 });
    expect(d.find('crossenv')).toMatchObject({ target: 'cross-env', kind: 'one_edit' });
    expect(d.find('cross_env')).toMatchObject({ target: 'cross-env', kind: 'one_edit' });
    expect(d.find('parser-yaml')).toMatchObject({ target: 'yaml-parser', kind: 'reordered_parts' });
    expect(d.find('node-lodash')).toMatchObject({ target: 'lodash', kind: 'affix' });
    expect(d.find('github.com/boltdb-go/bolt')).toMatchObject({ target: 'github.com/boltdb/bolt', kind: 'owner_lookalike' });
  });

  it('never suspects a known name, a name under a known scope, a number bump or a name too long', () => {
    const d = detector();
    expect(d.find('Lodash')).toBeNull();
    expect(d.find('@babel/lodahs')).toBeNull();
    expect(d.find('@lodash/x')).toBeNull();
    expect(d.find('react-dom2')).toBeNull();
    expect(detector({ numberBumpsAreSiblings: false }).find('react-dom2')).toMatchObject({ target: 'react-dom', kind: 'one_edit' });
    expect(detector({ maxNameLength: 5 }).find('lodahs')).toBeNull();
    expect(d.isKnown('MS')).toBe(true);
    expect(d.score('lodash')).toBe(30);
  });

  it('most_popular names the best target over every relation; first_relation the first relation that finds one', () => {
    // `lodasth` is one edit from both lodash (30) and lodast (2): the more popular wins either way.
    expect(detector().find('lodasth')).toMatchObject({ target: 'lodash' });
    expect(detector({ choose: 'first_relation' }).find('lodasth')).toMatchObject({ target: 'lodash' });
    // A name in no relation to any target is no suspect.
    expect(detector().find('parser-lodash')).toBeNull();
    // `node-lodast` is an affix of the least popular target: found, with its own score.
    expect(detector({ choose: 'first_relation' }).find('node-lodast')).toEqual({ target: 'lodast', kind: 'affix', score: 2 });
  });
});
