// pip's VCS references: `git+https://host/org/repo.git@<ref>#egg=<name>&subdirectory=<dir>`.

/** The repository URL, the ref after the last `@` of the path (an `@` before the path is user info) and the egg name. */
export function splitVcsUrl(url: string): { repo: string; ref: string | null; egg: string | null } {
  const hashAt = url.indexOf('#');
  const fragment = hashAt < 0 ? '' : url.slice(hashAt + 1);
  let base = hashAt < 0 ? url : url.slice(0, hashAt);
  let egg: string | null = null;
  for (const part of fragment.split('&')) {
    const [k, v] = part.split('=');
    if (k === 'egg' && v) egg = v;
  }
  const pathStart = base.indexOf('/', base.indexOf('://') + 3);
  const at = base.lastIndexOf('@');
  let ref: string | null = null;
  if (pathStart >= 0 && at > pathStart) {
    ref = base.slice(at + 1) || null;
    base = base.slice(0, at);
  }
  return { repo: base, ref, egg };
}
