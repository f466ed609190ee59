// The vendored popular-name lists: every list present, non-empty, without duplicates, with its provenance.
import { describe, expect, it } from 'vitest';
import { POPULAR_LISTS } from './lists.ts';

describe('kit/popular-names', () => {
  it.each(Object.entries(POPULAR_LISTS))('%s has names and says where they come from', (_key, list) => {
    expect(list.names.length).toBeGreaterThan(500);
    expect(new Set(list.names).size).toBe(list.names.length);
    expect(list.repository).toMatch(/^https:\/\/github\.com\//);
    expect(list.commit).toMatch(/^[0-9a-f]{40}( \+ [0-9a-f]{40})*$/);
    expect(list.licence.length).toBeGreaterThan(5);
  });
});
