// Reads a request body up to a limit. A body over the limit is read and discarded up to a drain bound, so the
// client has sent everything by the time the 413 goes out and reads it (instead of a broken pipe); a body
// announced (or found) beyond the drain bound is refused at once and its connection closed.
import type { IncomingMessage } from 'node:http';

export class PayloadTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(
    readonly limit: number,
    /** true when the whole body was read, so the connection can stay open. */
    readonly drained: boolean,
  ) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

export function readBody(payload: IncomingMessage, contentLength: string | undefined, limit: number, drainLimit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const announced = contentLength === undefined ? NaN : Number(contentLength);
    if (announced > drainLimit) {
      // Not worth reading: answer now; the connection is closed after the answer.
      payload.resume();
      reject(new PayloadTooLargeError(limit, false));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let over = false;
    const cleanup = (): void => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      payload.removeListener('aborted', onAborted);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > drainLimit) {
        cleanup();
        payload.resume();
        reject(new PayloadTooLargeError(limit, false));
        return;
      }
      if (received > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      if (over) reject(new PayloadTooLargeError(limit, true));
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const onAborted = (): void => {
      cleanup();
      reject(Object.assign(new Error('request aborted'), { statusCode: 400 }));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.on('aborted', onAborted);
  });
}
