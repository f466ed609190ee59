// Reading an upstream answer with a size cap, so a misbehaving server cannot fill the memory.

/** The body as text, or undefined when it grows past `maxBytes` (the read is then cancelled). */
export async function readBodyCapped(res: Response, maxBytes: number): Promise<string | undefined> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
