// Adversarial inputs for log-audit-creator, built from its own syntax: clause separators, bullets, trigger phrases, handling verbs.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { KINDS } from './feature-kinds.ts';
import { FRAMEWORK_IDS } from './frameworks.ts';

/** The schema's caps: 50 features, a name of 200 and a description of 2000 characters (a plain string: 300). */
const FEATURES = 50;
const NAME = 200;
const DESCRIPTION = 2000;
const PLAIN = 300;

function objects(name: (i: number) => string, description: (i: number) => string): { name: string; description: string }[] {
  return Array.from({ length: FEATURES }, (_, i) => ({ name: `${i} ${name(i)}`.slice(0, NAME), description: description(i).slice(0, DESCRIPTION) }));
}

/** Every case uses every framework and the Markdown rendering, the most work the tool can be asked for. */
function spec(features: unknown[]): Record<string, unknown> {
  return { features, frameworks: [...FRAMEWORK_IDS], format: 'markdown', app_name: repeatTo('-a', 100) };
}

export function hostileCases(): HostileCase[] {
  const allTriggers = KINDS.flatMap((k) => [...k.triggers, ...(k.unless ?? [])]).join(' ');
  return [
    { name: 'clause separators only', input: spec(objects(() => repeatTo('.,;:!?|()[]{}', NAME), () => repeatTo('.,;:!?|()[]{}\n\r', DESCRIPTION))) },
    { name: 'bullets, newlines and carriage returns', input: spec(objects(() => repeatTo('- * ', NAME), () => repeatTo('\r\n- \r\n* \r\n1. ', DESCRIPTION))) },
    { name: 'every trigger and unless phrase, repeated', input: spec(objects((i) => repeatTo(allTriggers.slice(i * 7), NAME), () => repeatTo(`${allTriggers} `, DESCRIPTION))) },
    { name: 'handling verbs before content nouns (payload rule)', input: spec(objects(() => repeatTo('upload of invoice ', NAME), () => repeatTo('export to a csv file upload invoice receipt order ', DESCRIPTION))) },
    { name: 'a trigger inside its unless phrase, back to back', input: spec(objects(() => repeatTo('file a ', NAME), () => repeatTo('file a file the filed filing in order to social media ', DESCRIPTION))) },
    { name: 'one long token', input: spec(objects(() => repeatTo('a', NAME), () => repeatTo('uploadinvoice', DESCRIPTION))) },
    { name: 'long run of one letter that stems', input: spec(objects(() => repeatTo('s', NAME), () => `${repeatTo('e', DESCRIPTION - 3)}ing`)) },
    { name: 'quotes, brackets and Markdown', input: spec(objects(() => repeatTo('"\'`[](){}<>#|*_\\', NAME), () => repeatTo('```\n| a | b |\n# h\n> q\n', DESCRIPTION))) },
    { name: 'full-width, ligatures and combining marks (NFKC)', input: spec(objects(() => repeatTo('Ｌｏｇｉｎ ﬁle ', NAME), () => repeatTo('u\u0301pload\u200b ﬁle ', DESCRIPTION))) },
    { name: 'plain strings at their cap, separators and keywords', input: spec(Array.from({ length: FEATURES }, (_, i) => `${i} ${repeatTo('login, upload; pay. ', PLAIN)}`.slice(0, PLAIN))) },
  ];
}
