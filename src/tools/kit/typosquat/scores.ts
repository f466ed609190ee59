// How popular each listed name is, for a detector's targets: by Zipf's law over ranked lists, or by rank alone.

/**
 * Popularity of each listed name, in multiples of the least popular name of a list: under Zipf's law (downloads
 * fall as 1/rank, as they do on npm and PyPI) the name of rank r on a list of n is (n + 1) / r times as popular as
 * anything below the list. The best figure over the lists is kept. Names only on an unranked list get
 * `unrankedScore`: they are established, by how much is unknown. Also the first spelling of each name.
 */
export function zipfPopularity(
  ranked: readonly (readonly string[])[],
  unranked: readonly string[],
  normalize: (name: string) => string,
  unrankedScore: number,
): { popularity: Map<string, number>; spelling: Map<string, string> } {
  const popularity = new Map<string, number>();
  const spelling = new Map<string, string>();
  for (const list of ranked) {
    const seen = new Set<string>();
    const unique = list.filter((n) => {
      const k = normalize(n);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    unique.forEach((n, i) => {
      const k = normalize(n);
      const p = (unique.length + 1) / (i + 1);
      if ((popularity.get(k) ?? 0) < p) popularity.set(k, p);
      if (!spelling.has(k)) spelling.set(k, n);
    });
  }
  for (const n of unranked) {
    const k = normalize(n);
    if (!popularity.has(k)) popularity.set(k, unrankedScore);
    if (!spelling.has(k)) spelling.set(k, n);
  }
  return { popularity, spelling };
}

/**
 * The first `limit` distinct (normalised) names of at least `minLength` characters of a ranked list, scored by
 * rank: the first scores `limit`, the next `limit - 1`, and so on.
 */
export function rankTargets(list: readonly string[], normalize: (name: string) => string, limit: number, minLength: number): Map<string, number> {
  const targets = new Map<string, number>();
  for (const n of list) {
    if (targets.size >= limit) break;
    const norm = normalize(n);
    if (norm.length < minLength || targets.has(norm)) continue;
    targets.set(norm, limit - targets.size);
  }
  return targets;
}
