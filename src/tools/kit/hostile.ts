// Builders for the adversarial inputs every tool's hostile.ts declares (about 1 MB each, or the schema's caps): a
// unit repeated to a size, a unit repeated between a head and a tail, numbered units, and the cases of one text field
// with an optional filename from a table of fills per file name. One place, so the cases of every tool are built the
// same way.
import type { HostileCase } from './contract.ts';

/** `unit` repeated to exactly `size` characters (the last copy cut). */
export function repeatTo(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** `head`, as many whole copies of `unit` as fit in `size` with `tail`, then `tail`. */
export function fillBetween(head: string, unit: string, tail: string, size: number): string {
  const n = Math.max(0, Math.floor((size - head.length - tail.length) / unit.length));
  return head + unit.repeat(n) + tail;
}

/** Numbered units (`make(0)`, `make(1)` ...) after `head`, as many as fit in `size` with `tail`. */
export function numbered(head: string, make: (i: number) => string, tail: string, size: number): string {
  const parts = [head];
  let length = head.length + tail.length;
  for (let i = 0; ; i++) {
    const unit = make(i);
    if (length + unit.length > size) break;
    parts.push(unit);
    length += unit.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** One adversarial input: what it probes, then `unit` repeated between `head` and `tail` (see `fillBetween`). */
export type Fill = readonly [what: string, head: string, unit: string, tail?: string];

/**
 * Cases of a tool whose input is one text `field` and an optional `filename`, each filled to `size` characters:
 * the fills of each file name, named `<filename>: <what>`, then those sent without a file name (the tool must
 * tell the format from the content), named `no filename: <what>`.
 */
export function fillCases(field: string, size: number, byFilename: Readonly<Record<string, readonly Fill[]>>, withoutFilename: readonly Fill[] = []): HostileCase[] {
  const text = ([, head, unit, tail = '']: Fill): string => fillBetween(head, unit, tail, size);
  return [
    ...Object.entries(byFilename).flatMap(([filename, fills]) => fills.map((f) => ({ name: `${filename}: ${f[0]}`, input: { [field]: text(f), filename } }))),
    ...withoutFilename.map((f) => ({ name: `no filename: ${f[0]}`, input: { [field]: text(f) } })),
  ];
}
