// Adversarial inputs for humanize: the text tools' shared hostile texts (runs of their own delimiters and syntax)
// at the size the `text` field allows.
import type { HostileCase } from '../kit/contract.ts';
import { hostileTextCases } from '../kit/text-tells/hostile.ts';
import { MAX_TEXT } from '../kit/text-tells/score-schema.ts';

export function hostileCases(): HostileCase[] {
  return hostileTextCases(MAX_TEXT);
}
