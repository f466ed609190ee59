// A body over the limit is read and discarded up to a drain bound before the 413 is sent, so the client has sent
// everything by then and reads the answer (instead of a broken pipe); a body announced (or found) beyond the
// bound is refused at once and its connection closed. Bodies within the limit are read by Fastify's own parser.
import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request that is over the limit, up to `drainLimit` bytes in all (what
 * Fastify's parser already read counts as `alreadyRead`). Resolves true when the client finished sending
 * (the connection can stay open), false when the body is too large to drain or the client stalls.
 */
export function drainRequest(raw: IncomingMessage, contentLength: string | undefined, drainLimit: number, timeoutMs = 10_000): Promise<boolean> {
  const announced = contentLength === undefined ? NaN : Number(contentLength);
  if (announced > drainLimit) return Promise.resolve(false);
  if (raw.readableEnded || raw.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (drained: boolean): void => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      raw.removeListener('error', onError);
      resolve(drained);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > drainLimit) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onError = (): void => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.resume();
  });
}
