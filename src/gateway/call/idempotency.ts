// Idempotency keys, as Stripe defines them: a metered call sent with `Idempotency-Key` runs and is charged at
// most once per key and endpoint within 24 hours; a retry with the same body gets the first answer again.
import { createHash } from 'node:crypto';
import type { IdempotencyScope, Store } from '../../platform/store/types.ts';
import type { CallResult } from './result.ts';
import { fail } from './result.ts';

/** How long a finished call's answer is replayed. */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/**
 * How long a reservation holds while its call runs. Past it (the instance that took it stopped), a retry may
 * run the call again. Longer than any call's own deadline.
 */
const IDEMPOTENCY_LOCK_MS = 120_000;
/** What a caller is told to wait while the first call still runs. */
const IN_USE_RETRY_SECONDS = 1;

const KEY_FORMAT = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

/** The key as sent, checked: 1 to 255 printable ASCII characters (no leading or trailing space). */
export function idempotencyKeyOf(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) fail('idempotency_key_invalid');
  return value;
}

/** A digest of the validated input: the same request (whatever its key order or spacing) has the same hash. */
function requestHash(input: unknown): string {
  return createHash('sha256').update(stableJson(input)).digest('base64url');
}

function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** One idempotent call's reservation, from the replay check to the stored answer. */
export class IdempotentCall {
  private constructor(
    private readonly store: Store,
    private readonly scope: IdempotencyScope,
  ) {}

  /**
   * Reserves the key for this call, or answers for it: the stored answer (replay), or 409 when the key is
   * running or was used with another body.
   */
  static async begin(store: Store, scope: IdempotencyScope, input: unknown, nowMs: number, headers: Record<string, string>): Promise<IdempotentCall | CallResult> {
    const r = await store.idempotencyBegin(scope, requestHash(input), nowMs, nowMs + IDEMPOTENCY_LOCK_MS, nowMs + IDEMPOTENCY_TTL_MS);
    switch (r.kind) {
      case 'new':
        return new IdempotentCall(store, scope);
      case 'replay': {
        const body = JSON.parse(r.body) as Record<string, unknown>;
        const replayed: Record<string, string> = { ...headers, 'idempotent-replayed': 'true' };
        if (typeof body.request_id === 'string') replayed['x-request-id'] = body.request_id;
        return { status: r.status, headers: replayed, body };
      }
      case 'in_use':
        return fail('idempotency_key_in_use', { retry_after: IN_USE_RETRY_SECONDS }, { 'retry-after': String(IN_USE_RETRY_SECONDS) });
      case 'mismatch':
        return fail('idempotency_key_reused');
    }
  }

  /** Keeps the answer of a call that was charged and not refunded; releases the key otherwise. */
  async end(result: CallResult, keptCharge: boolean): Promise<void> {
    try {
      if (keptCharge) await this.store.idempotencyFinish(this.scope, result.status, JSON.stringify(result.body));
      else await this.store.idempotencyRelease(this.scope);
    } catch {
      // The store went away after the call ran: the reservation lapses after IDEMPOTENCY_LOCK_MS, and a
      // retry then runs the call again (its charge was kept, so the ledger still says what happened).
    }
  }
}
