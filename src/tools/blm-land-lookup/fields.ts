// Field names as each upstream layer spells them: a joined layer qualifies them with their table (`nlcs_wsa_poly.NLCS_NAME`).

/**
 * The layer's name for a field we know by its plain name: the exact name first, then `<table>.<name>`; ArcGIS field
 * names are case-insensitive. Undefined when the layer has no such field.
 */
export function resolveField(available: readonly string[], plain: string): string | undefined {
  const want = plain.toLowerCase();
  const suffix = `.${want}`;
  let qualified: string | undefined;
  for (const name of available) {
    const l = name.toLowerCase();
    if (l === want) return name;
    if (qualified === undefined && l.endsWith(suffix)) qualified = name;
  }
  return qualified;
}

/**
 * The `outFields` parameter for the plain names wanted: the layer's own spelling of each one it has, or `*` when its
 * field list is unknown (the description could not be read) or holds none of them. `*` is valid on every layer.
 */
export function outFieldsFor(available: readonly string[] | null, wanted: readonly string[]): string {
  if (available === null) return '*';
  const names = wanted.map((w) => resolveField(available, w)).filter((n): n is string => n !== undefined);
  return names.length > 0 ? [...new Set(names)].join(',') : '*';
}

/** A feature's value for a plain field name, whichever form (plain or table-qualified) the service used as its key. */
export function attribute(attributes: Readonly<Record<string, unknown>>, plain: string): unknown {
  if (Object.hasOwn(attributes, plain)) return attributes[plain];
  const key = resolveField(Object.keys(attributes), plain);
  return key === undefined ? undefined : attributes[key];
}

/** Field names from a layer description (`<layer>?f=json`): its `fields` array of `{name}`; undefined when there is none. */
export function fieldNamesFrom(description: unknown): string[] | undefined {
  if (description === null || typeof description !== 'object') return undefined;
  const fields = (description as Record<string, unknown>).fields;
  if (!Array.isArray(fields)) return undefined;
  const names = fields
    .map((f) => (f !== null && typeof f === 'object' ? (f as Record<string, unknown>).name : undefined))
    .filter((n): n is string => typeof n === 'string' && n.length > 0 && n.length <= 200);
  return names.slice(0, 500);
}
