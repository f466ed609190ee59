// Catalogue tests: every pattern has a case that fires and a human-text case that does not; catalogue invariants.
import { describe, expect, it } from 'vitest';
import { FAMILIES, isTitleCaseHeading, PATTERNS } from './catalogue.ts';
import { detect } from './detect.ts';
import { PATTERN_WEIGHTS } from './fitted-weights.ts';
import { ANTISLOP_WORDS } from './antislop-words.ts';

const UNIFORM = 'The team met in the office on Monday morning. '.repeat(8);
const VARIED =
  'We met. The office was cold because the heating had failed again over the weekend, and nobody had called the landlord. Coffee helped. By noon the engineer arrived, fixed a valve, and left without saying much. Then we worked. Later, the heating failed again. Nobody laughed. We went home early that day, tired and cold.';

/** Each pattern's case: [text where it fires, human text where it does not]. An object, so one case per pattern. */
const CASES: Record<string, [fires: string, human: string]> = {
  'ai-vocabulary.delve': ['This paper delves into the causes of churn.', 'We dug into the logs after the outage.'],
  'ai-vocabulary.tapestry': ['The city is a rich tapestry of cultures.', 'The city has many cultures and languages.'],
  'ai-vocabulary.pivotal': ['This was a pivotal moment for the firm.', 'He worked at Pivotal Software for two years.'],
  'ai-vocabulary.crucial': ['Sleep is crucial for recovery.', 'Sleep matters for recovery.'],
  'ai-vocabulary.intricate': ['The intricate design impressed everyone.', 'The detailed design impressed everyone.'],
  'ai-vocabulary.underscore': ['The results underscore the need for testing.', 'The results show that we need more tests.'],
  'ai-vocabulary.showcase': ['The demo showcases our new engine.', 'The demo shows our new engine.'],
  'ai-vocabulary.vibrant': ['A vibrant neighbourhood with cafes.', 'A busy neighbourhood with cafes.'],
  'ai-vocabulary.realm': ['In the realm of physics, this is rare.', 'In physics, this is rare.'],
  'ai-vocabulary.foster': ['Clubs foster a sense of community.', 'They were a foster family for three years.'],
  'ai-vocabulary.multifaceted': ['It is a multifaceted problem.', 'It is a hard problem with many parts.'],
  'ai-vocabulary.meticulous': ['She kept meticulous records.', 'She kept careful records.'],
  'ai-vocabulary.landscape': ['Startups face an evolving landscape of regulation.', 'We painted the landscape from the hill.'],
  'ai-vocabulary.leverage': ['Teams can leverage the new API.', 'Teams can use the new API.'],
  'ai-vocabulary.enhance': ['This will enhance performance.', 'This will speed things up.'],
  'ai-vocabulary.comprehensive': ['We ran a comprehensive evaluation.', 'We ran a full evaluation.'],
  'ai-vocabulary.nuanced': ['A nuanced view of the debate.', 'A detailed view of the debate.'],
  'ai-vocabulary.embark': ['They embarked on a long journey.', 'They set off on a long trip.'],
  'ai-vocabulary.resonate': ['The message resonates with young voters.', 'The message appeals to young voters.'],
  'ai-vocabulary.emotive': ['Her unwavering resolve carried the team.', 'Her stubbornness carried the team.'],
  'ai-vocabulary.hype': ['A groundbreaking approach to storage.', 'A new approach to storage.'],
  'ai-vocabulary.garner': ['The post garnered wide attention.', 'The post got a lot of attention.'],
  'ai-vocabulary.bolster': ['The funds will bolster research.', 'The funds will pay for research.'],
  'ai-vocabulary.harness': ['By harnessing solar power, the village cut costs.', 'Put the harness on the dog before the walk.'],
  'ai-vocabulary.streamline': ['We streamlined the onboarding flow.', 'We simplified the onboarding flow.'],
  'ai-vocabulary.kobak-excess': ['The model surpasses prior baselines.', 'The model beats prior baselines.'],
  'ai-vocabulary.navigate': ['Leaders must navigate the complexities of growth.', 'Use the map to navigate the old town.'],
  'ai-vocabulary.shimmer': ['The lake shimmered under the moon.', 'The lake was bright under the moon.'],
  'ai-vocabulary.antislop-list': ['She nodded, her gaze lingering on the flickering shadows.', 'She agreed and looked at the door.'],
  'ai-vocabulary.antislop-words': ['We walked through a labyrinth of bustling streets.', 'We walked through a maze of busy streets.'],
  'ai-vocabulary.antislop-phrase': ['Maybe, just maybe, things would never be the same.', 'Maybe things would change after all.'],
  'ai-vocabulary.narrative-cliche': ["She couldn't help but smile.", 'She smiled despite herself.'],
  'significance-inflation.stands-as': ['The bridge stands as a symbol of the city.', 'The bridge stands on two piers.'],
  'significance-inflation.testament': ['The win is a testament to their training.', 'He signed his last will and testament in 1998.'],
  'significance-inflation.pivotal-role': ['Bees play a crucial role in farming.', 'She played the lead role in the play.'],
  'significance-inflation.underscores-importance': ['This highlights the importance of backups.', 'Backups matter; we lost a day of work.'],
  'significance-inflation.setting-stage': ['The deal is paving the way for a merger.', 'Crews were setting the table for dinner.'],
  'significance-inflation.indelible': ['He left an indelible mark on jazz.', 'He left a mark on the wall.'],
  'significance-inflation.step-forward': ['This marks a significant step in our work.', 'Mark the steps on the plan.'],
  'significance-inflation.shed-light': ['The study sheds light on sleep.', 'Turn on the light in the shed.'],
  'significance-inflation.evolving': ['In the ever-evolving world of tech, change is constant.', 'The species evolved over millions of years.'],
  'ing-tail.highlighting': ['Sales rose 5%, highlighting strong demand.', 'Sales rose 5% after highlighting the new colours in the ads.'],
  'ing-tail.ensuring': ['We added retries, ensuring reliability.', 'We added retries to keep jobs running.'],
  'chatbot-artefact.hope-helps': ['I hope this helps!', 'I hope the bus is on time.'],
  'chatbot-artefact.certainly': ['Certainly! Here are three ideas.', 'It certainly rained a lot.'],
  'chatbot-artefact.let-me-know': ['Let me know if you need more examples.', 'Let me know when you arrive.'],
  'chatbot-artefact.here-is': ['Here is a short story based on your prompt:\nThe rain fell.', 'The rain fell. Here it is, the old bridge.'],
  'chatbot-artefact.prompt-echo': ['This is a 20 sentence story about a dragon.', 'The story ran to 20 pages.'],
  'chatbot-artefact.as-an-ai': ['As an AI language model, I cannot browse.', 'As an airline pilot, I travel a lot.'],
  'negative-parallelism.not-only': ['It is not only fast but also cheap.', 'It is not only me who noticed.'],
  'negative-parallelism.not-just': ["It's not just a tool, it's a movement.", "It's not just me."],
  'negative-parallelism.no-x-no-y': ['No fuss, no delays, just results.', 'No, he said, not today.'],
  'stacked-transition.moreover': ['The plan is cheap. Moreover, it is fast.', 'The plan is cheap and fast.'],
  'stacked-transition.notably': ['Notably, the error rate fell.', 'The error rate fell notably in May.'],
  'dash-overuse.em-dash': ['The result—surprisingly—was good.', 'The result, surprisingly, was good.'],
  'dash-overuse.double-hyphen': ['The result -- surprisingly -- was good.', 'Run it with the --verbose flag.'],
  'promotional-puffery.nestled': ['The inn is nestled among the hills.', 'The inn is among the hills.'],
  'promotional-puffery.breathtaking': ['Breathtaking views from every room.', 'Good views from every room.'],
  'promotional-puffery.boasts': ['The hotel boasts a rooftop pool.', 'The hotel has a rooftop pool.'],
  'promotional-puffery.rich-heritage': ['A town with a rich cultural heritage.', 'A town with a rich mayor.'],
  'promotional-puffery.seamless': ['A seamless checkout experience.', 'A smooth checkout.'],
  'promotional-puffery.dining': ['The ambiance was delightful.', 'The room was loud but the soup was good.'],
  'promotional-puffery.gem': ['This place is a hidden gem.', 'She found a gem in the river bed.'],
  'vague-attribution.experts': ['Experts argue that rates will fall.', 'Dr Lee argued that rates will fall.'],
  'vague-attribution.reports': ['Studies show that sleep matters.', 'The 2019 Cochrane review found that sleep matters.'],
  'upbeat-conclusion.in-conclusion': ['In conclusion, the method works.', 'The method works.'],
  'upbeat-conclusion.challenges': ['Despite its challenges, the town thrives.', 'The challenge was to finish by noon.'],
  'upbeat-conclusion.bright-future': ['The future looks bright for the club.', 'The future of the club is unclear.'],
  'upbeat-conclusion.lesson': ['They learned a valuable lesson that day.', 'They had a piano lesson that day.'],
  'signposting.dive-in': ["Let's dive in and explore the details.", 'We went for a dive in the bay.'],
  'signposting.worth-noting': ["It's worth noting that prices rose.", 'Prices rose in March.'],
  'signposting.great-question': ['Great question! The answer is yes.', 'The answer is yes.'],
  'signposting.heres-the-thing': ["Here's the thing: nobody reads docs.", 'Here is the thing I lost yesterday.'],
  'markup-residue.turn-search': ['Prices rose sharply turn0search3 last year.', 'Prices rose sharply last year.'],
  'markup-residue.oaicite': ['Prices rose :contentReference[oaicite:1]{index=1}.', 'Prices rose [1].'],
  'markup-residue.utm-chatgpt': ['See https://example.com/page?utm_source=chatgpt.com for details.', 'See https://example.com/page?utm_source=newsletter for details.'],
  'markup-residue.role-tag': ['[assistant]: The paper studies planets.', 'The assistant read the paper on planets.'],
  'markup-residue.placeholder': ['Best regards, [Your Name]', 'Best regards, Sam'],
  'knowledge-cutoff.last-update': ['As of my last update, the law was unchanged.', 'As of the last update in May, the law was unchanged.'],
  'knowledge-cutoff.available-info': ['Based on available information, the company is private.', 'Based on the 2023 filing, the company is private.'],
  'formatting.title-case-heading': ['# The Future Of Remote Work\n\nText.', '# Notes from the field trip\n\nText.'],
  'formatting.bold-label': ['- **Speed:** fast\n- **Cost:** low', '- speed is fine\n- cost is low'],
  'formatting.emoji-bullet': ['- ✅ Tests pass\n- 🚀 Deployed', '- Tests pass\n- Deployed'],
  'formatting.curly-quotes': ['She said “hello” and left.', 'She said "hello" and left.'],
  'cadence.uniform-sentences': [UNIFORM, VARIED],
};

describe('text-tells catalogue', () => {
  it('has at least 40 patterns with unique ids, known families and a fitted weight in [0, 3]', () => {
    expect(PATTERNS.length).toBeGreaterThanOrEqual(40);
    const ids = PATTERNS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of PATTERNS) {
      expect(FAMILIES).toContain(p.family);
      expect(p.id.startsWith(`${p.family}.`)).toBe(true);
      expect(p.description.length).toBeGreaterThan(3);
      const w = PATTERN_WEIGHTS[p.id];
      expect(w, p.id).toBeTypeOf('number');
      expect(w as number).toBeGreaterThanOrEqual(0);
      expect(w as number).toBeLessThanOrEqual(3);
    }
    expect(Object.keys(PATTERN_WEIGHTS).sort()).toEqual([...ids].sort());
  });

  it('has exactly one case row per pattern', () => {
    expect(Object.keys(CASES).sort()).toEqual(PATTERNS.map((p) => p.id).sort());
  });

  it.each(Object.entries(CASES))('%s fires on its case and not on the human text', (id, [fires, human]) => {
    const hit = detect(fires).hits.get(id);
    expect(hit, `should fire: ${fires}`).toBeDefined();
    for (const h of hit ?? []) {
      expect(h.start).toBeGreaterThanOrEqual(0);
      expect(h.end).toBeLessThanOrEqual(fires.length);
      expect(h.end).toBeGreaterThan(h.start);
    }
    expect(detect(human).hits.has(id), `should not fire: ${human}`).toBe(false);
  });

  it('reports offsets in the original text despite whitespace and zero-width normalisation', () => {
    const text = 'Plain  start.\u200b\r\n\tThis paper de\u200blves\u00a0 into it.';
    const hit = detect(text).hits.get('ai-vocabulary.delve')?.[0];
    expect(hit).toBeDefined();
    expect(text.slice(hit?.start, hit?.end)).toBe('de\u200blves');
  });

  it('ignores code blocks, inline code and URLs for prose patterns', () => {
    const text = 'Run this:\n\n```\n// delve into the realm\nconst pivotal = 1; // Moreover, vibrant\n```\n\nThen `leverage()` and https://example.com/delve-tapestry.\n\n~~~\nunclosed tapestry fence\nmeticulous';
    expect(detect(text).hits.size).toBe(0);
  });

  it('treats capitalised words inside a sentence as names', () => {
    expect(detect('We bought shares in Vibrant Media last year.').hits.has('ai-vocabulary.vibrant')).toBe(false);
    expect(detect('Vibrant colours filled the room.').hits.has('ai-vocabulary.vibrant')).toBe(true);
  });

  it('counts list words per word, leaves owned words to their pattern and skips names', () => {
    const det = detect('She nodded. Elara nodded, nodded and nodded amid the bustling market. Then Elara smiled.');
    // "bustling" belongs to ai-vocabulary.antislop-words; "Elara" after a word is a name; sentence-initial "Elara" is not.
    expect(det.hits.has('ai-vocabulary.antislop-words')).toBe(true);
    expect([...det.listWords.entries()].sort()).toEqual([
      ['elara', 1],
      ['nodded', 4],
      ['smiled', 1],
    ]);
    expect(det.counts.get('ai-vocabulary.antislop-list')).toBe(6);
  });

  it('replaces a word by one the antislop list does not hold, except where no plain twin exists', () => {
    // Swapping one listed word for another would trade a tell for a tell. These have no unlisted plain twin
    // that keeps the sense ("a glimmer of hope", "the lake shimmered", "unveiling the plan"), so they stay.
    const noUnlistedTwin = new Set(['shone', 'gleam', 'gleaming', 'revealing']);
    const listed = PATTERNS.flatMap((p) => (p.matcher.kind === 'words' ? Object.entries(p.matcher.words) : []))
      .filter(([, to]) => to.split(' ').some((w) => ANTISLOP_WORDS.has(w.toLowerCase())))
      .map(([from, to]) => `${from} -> ${to}`);
    expect(listed.filter((pair) => !noUnlistedTwin.has(pair.split(' -> ')[1]!))).toEqual([]);
  });

  it('recognises Title Case headings only with several capitalised words', () => {
    expect(isTitleCaseHeading('## A Guide To The Galaxy')).toBe(true);
    expect(isTitleCaseHeading('## A guide to the galaxy')).toBe(false);
    expect(isTitleCaseHeading('## Setup')).toBe(false);
  });
});
