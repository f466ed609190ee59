// Adversarial inputs for humanize: the text tools' shared hostile texts (runs of their own delimiters and syntax)
// at the size the `text` field allows, plus list words that humanize rewrites (each edit looks at the next word).
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { hostileTextCases } from '../kit/text-tells/hostile.ts';
import { MAX_TEXT } from '../kit/text-tells/score-schema.ts';

export function hostileCases(): HostileCase[] {
  return [
    ...hostileTextCases(MAX_TEXT),
    { name: 'antislop list words with plain twins, some before the word that fixes their sense', input: { text: repeatTo('It was utterly still; the essence of a peculiar calm vanished in stark contrast to an essence ', MAX_TEXT) } },
  ];
}
