// Asserts an error body: its code and extra fields exactly, plus a non-empty human `message` (whose wording
// may change, so it is not compared).
import { expect } from 'vitest';

export function expectError(body: unknown, expected: { error: string } & Record<string, unknown>, label?: string): void {
  const b = body as Record<string, unknown>;
  expect(typeof b.message, `${label ?? expected.error}: message`).toBe('string');
  expect((b.message as string).length, `${label ?? expected.error}: message`).toBeGreaterThan(0);
  const { message: _m, ...rest } = b;
  expect(rest, label).toEqual(expected);
}
