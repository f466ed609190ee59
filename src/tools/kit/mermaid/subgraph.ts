// A Mermaid flowchart subgraph header: `subgraph id`, `subgraph id [title]`, `subgraph "title"`, `subgraph a title`.

/** The explicit id of a subgraph (null when Mermaid numbers it subGraphN) and its title as written, quotes removed. */
export interface SubgraphHeader {
  id: string | null;
  title: string;
  /** Written `id [title]`. */
  bracketed: boolean;
}

/**
 * The header after `subgraph` (trimmed, without a final `;`), as Mermaid reads it: `id [title]` names both (the id
 * has no blanks, quotes or brackets); otherwise the text, quoted or not, is the title, and also the id when it holds
 * no blank (`subgraph "one"` has the id one; `subgraph one two` is numbered).
 */
export function readSubgraphHeader(text: string): SubgraphHeader {
  if (text.endsWith(']')) {
    const open = text.indexOf('[');
    const id = open > 0 ? text.slice(0, open).trimEnd() : '';
    if (id !== '' && !/[\s[\]"]/.test(id)) return { id, title: unquoted(text.slice(open + 1, -1).trim()), bracketed: true };
  }
  const title = unquoted(text);
  return { id: /\s/.test(title) ? null : title, title, bracketed: false };
}

function unquoted(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/**
 * Mermaid's bookkeeping as subgraphs close (innermost first): one without an id is named subGraph<n>, n counting
 * every subgraph closed before it, and a node belongs to the first subgraph to close around a mention of it.
 */
export class SubgraphClosings {
  private closed = 0;
  private readonly claimed = new Set<string>();

  /** The id of the subgraph closing now and the ids it keeps of those mentioned inside it (itself excepted). */
  close(explicitId: string | null, mentions: readonly string[]): { id: string; members: string[] } {
    const id = explicitId ?? `subGraph${this.closed}`;
    this.closed++;
    const members: string[] = [];
    for (const m of mentions) {
      if (m === id || this.claimed.has(m)) continue;
      this.claimed.add(m);
      members.push(m);
    }
    return { id, members };
  }
}
