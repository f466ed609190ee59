// Mermaid's own parser (the mermaid package under jsdom), for tests and the bench only: the engine never loads it.
//
// Mermaid reads a document and a window when its modules load, so both are put on globalThis before the first
// import. Loading takes a few seconds; callers load it once per test file or bench run.

/** Returns null when Mermaid accepts the text, else the first line of its error. */
export type MermaidParse = (text: string) => Promise<string | null>;

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  parse(text: string): Promise<unknown>;
}

let loading: Promise<MermaidParse> | null = null;

async function load(): Promise<MermaidParse> {
  // Module names in variables: jsdom ships no types and the engine's type-check must not depend on either.
  const jsdomName = 'jsdom';
  const mermaidName = 'mermaid';
  const { JSDOM } = (await import(jsdomName)) as { JSDOM: new (html: string) => { window: { document: unknown } } };
  const g = globalThis as Record<string, unknown>;
  if (!g.document) {
    const dom = new JSDOM('<!doctype html><html><body></body></html>');
    g.window = dom.window;
    g.document = dom.window.document;
  }
  const mermaid = ((await import(mermaidName)) as { default: MermaidApi }).default;
  mermaid.initialize({ startOnLoad: false });
  return async (text: string): Promise<string | null> => {
    try {
      await mermaid.parse(text);
      return null;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return message.split('\n').slice(0, 4).join(' ').slice(0, 300);
    }
  };
}

/**
 * Mermaid's own encodeEntities (not in its public API: read from the bundled chunk that defines it), or null when
 * this Mermaid build has no such chunk. Loads the parser first, so the DOM globals are in place.
 */
export async function mermaidEncodeEntities(): Promise<((text: string) => string) | null> {
  await mermaidParser();
  const { readdirSync, readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const path = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  const entry = createRequire(import.meta.url).resolve('mermaid');
  const dir = path.join(path.dirname(entry), 'chunks', 'mermaid.core');
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.mjs')) continue;
    const full = path.join(dir, file);
    if (!readFileSync(full, 'utf8').includes('var encodeEntities =')) continue;
    const mod = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
    const fn = Object.values(mod).find((v) => typeof v === 'function' && (v as { name?: string }).name === 'encodeEntities');
    return typeof fn === 'function' ? (fn as (text: string) => string) : null;
  }
  return null;
}

/** Mermaid's parse, loaded once per process. */
export function mermaidParser(): Promise<MermaidParse> {
  loading ??= load();
  return loading;
}
