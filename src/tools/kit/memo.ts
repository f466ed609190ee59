// A bounded memory for pure functions the tools call again and again on the same keys (a word's stem, a colour
// string, a contrast search): answered from memory, and forgotten all at once when full, so it never grows.

export class BoundedMemo<V> {
  private readonly known = new Map<string, V>();

  constructor(private readonly size: number) {}

  /** The value remembered for `key`, else `compute()` remembered. */
  get(key: string, compute: () => V): V {
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.known.size >= this.size) this.known.clear();
    this.known.set(key, value);
    return value;
  }
}
