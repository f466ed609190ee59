// Adversarial inputs for sprint-health: 100 sprints (the cap) with names built from what the notes clean
// (control, bidi and space characters), amounts at and near their bounds, and 1 MB bodies past the caps.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

const MAX_SPRINTS = 100;
const NAME = 100;
const CAP = 1_000_000;
const MB = 1_000_000;

const fill = (unit: string, size = NAME): string => repeatTo(unit, size);

const full = { committed: CAP, completed: CAP, added: CAP, removed: CAP, carried_over: CAP, bugs_opened: CAP, bugs_closed: CAP, team_capacity: CAP };

/** 100 sprints, every one named `name`, with every figure given. */
function named(name: string): HostileCase['input'] {
  return { sprints: Array.from({ length: MAX_SPRINTS }, (_, i) => ({ ...full, name, completed: i % 2 === 0 ? CAP : 1 })) };
}

/** 100 sprints made by `make`. */
function sprints(make: (i: number) => Record<string, unknown>, extra: Record<string, unknown> = {}): HostileCase['input'] {
  return { sprints: Array.from({ length: MAX_SPRINTS }, (_, i) => make(i)), ...extra };
}

export function hostileCases(): HostileCase[] {
  return [
    { name: '100 sprints named with control characters', input: named(fill('\u0000\u0007\u001b[0m')) },
    { name: '100 sprints named with bidi and zero-width characters', input: named(fill('\u202e\u2066\u200b\ufeff')) },
    { name: '100 sprints named with carriage returns and newlines', input: named(fill('\r\n\r')) },
    { name: '100 sprints named with spaces only (default names)', input: named(fill(' ')) },
    { name: '100 sprints named with astral emoji', input: named(fill('\u{1F525}')) },
    { name: '100 sprints named with lone surrogates', input: named(fill('\ud800')) },
    { name: '100 sprints named with quotes, brackets and separators', input: named(fill('"\'[]{}();,:%')) },
    { name: '100 sprints with every figure at the cap', input: sprints(() => ({ ...full, name: fill('S') })) },
    { name: 'the smallest positive commitment under the largest completion', input: sprints(() => ({ committed: Number.MIN_VALUE, completed: CAP, added: CAP, carried_over: CAP })) },
    { name: 'the smallest positive capacity', input: sprints(() => ({ committed: CAP, completed: CAP, team_capacity: Number.MIN_VALUE })) },
    {
      name: 'completions alternating between the smallest positive number and the cap',
      input: sprints((i) => ({ committed: CAP, completed: i % 2 === 0 ? Number.MIN_VALUE : CAP }), { rolling_window: 2 }),
    },
    { name: 'completions alternating between zero and the cap, window 10', input: sprints((i) => ({ committed: 1, completed: i % 2 === 0 ? 0 : CAP }), { rolling_window: 10 }) },
    { name: 'nothing ever completed', input: sprints(() => ({ committed: CAP, completed: 0, carried_over: 0, bugs_opened: 0, bugs_closed: 0 })) },
    { name: '1 MB of sprints (past the 100 cap)', input: { sprints: Array.from({ length: MB / 32 }, () => ({ committed: 1, completed: 1 })) } },
    { name: 'a 1 MB sprint name', input: { sprints: [{ name: fill('\r\n', MB), committed: 1, completed: 1 }] } },
    { name: 'a 1 MB unit', input: { sprints: [{ committed: 1, completed: 1 }], unit: fill('points', MB) } },
  ];
}
