// Hostile cases written as tables: a row names a case and gives the arguments of the tool's own input builder
// (usually the unit that fills its text fields), and lists of texts are filled to their caps from one unit.
import type { HostileCase } from './contract.ts';
import { repeatTo } from './hostile.ts';

/** `count` texts, each `unit` repeated to exactly `size` characters: a list field filled to both of its caps. */
export function copies(unit: string, count: number, size: number): string[] {
  return Array.from({ length: count }, () => repeatTo(unit, size));
}

/** One case per row: the row's name, and the input `make` builds from the rest of the row. */
export function casesFrom<A extends unknown[]>(make: (...args: A) => HostileCase['input'], rows: NoInfer<readonly (readonly [string, ...A])[]>): HostileCase[] {
  return rows.map(([name, ...args]) => ({ name, input: make(...args) }));
}
