// Steps 5 and 6b of a call: the atomic conditional credit decrement, and the refund of a charged call that
// failed. The ledger stays exact through store outages: a charge whose outcome was lost with the connection,
// and a refund the store could not take, are kept here and settled as soon as the store answers again.
import type { Metrics, TallyCell } from '../../platform/metrics.ts';
import type { Store } from '../../platform/store/types.ts';
import type { ToolLogger } from '../../tools/kit/contract.ts';
import { STORE_RETRY_AFTER_SECONDS, fail } from './result.ts';

interface Owed {
  keyId: string;
  credits: number;
  requestId: string;
  endpoint: string;
  /** When the charge's outcome was lost (uncertain charges only). */
  since?: number;
}

const SETTLE_EVERY_MS = 1000;

const MAX_OWED = 100_000;

export class Charger {
  private readonly cells = new Map<string, { charged: TallyCell; refunded: TallyCell }>();
  /** Charges sent when the connection failed: committed or not, nobody knows until the ledger is read. */
  private uncertain: Owed[] = [];
  /** Refunds the store did not take. */
  private owed: Owed[] = [];
  private timer: NodeJS.Timeout | undefined;
  private settling = false;

  /**
   * @param uncertainWatchMs an uncertain charge not found in the ledger is looked for again until this long
   *   (wall time) after its failure: a database that was paused, not cut off, may finish the statement late.
   */
  constructor(
    private readonly store: Store,
    private readonly metrics: Metrics,
    private readonly clock: () => number,
    private readonly log: () => ToolLogger,
    private readonly uncertainWatchMs = 30_000,
  ) {}

  /** The decrement; 402 when the balance is short; 503 store_unavailable when the store did not answer. */
  async charge(keyId: string, credits: number, requestId: string, endpoint: string): Promise<void> {
    let charged: boolean;
    try {
      charged = await this.store.charge(keyId, credits, requestId, endpoint, isoTime(this.clock()));
    } catch (err) {
      // The statement may have committed before the connection went: the ledger will tell, later.
      this.remember('uncertain', { keyId, credits, requestId, endpoint, since: Date.now() });
      this.log().error({ err: (err as Error).message, request_id: requestId, key_id: keyId }, 'charge failed; its outcome will be reconciled');
      return fail('store_unavailable', { retry_after: STORE_RETRY_AFTER_SECONDS }, { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) });
    }
    if (!charged) fail('insufficient_credits');
    this.cellsOf(endpoint).charged.n += credits;
  }

  /** Gives the credits of a charged call back; when the store cannot take it now, it is owed and retried. */
  async refund(keyId: string, credits: number, requestId: string, endpoint: string): Promise<void> {
    try {
      await this.store.refund(keyId, credits, requestId, endpoint, isoTime(this.clock()));
      this.cellsOf(endpoint).refunded.n += credits;
    } catch (err) {
      this.remember('owed', { keyId, credits, requestId, endpoint });
      this.log().error({ err: (err as Error).message, request_id: requestId, key_id: keyId }, 'refund failed; it will be retried until the store takes it');
    }
  }

  /** Charges and refunds still to settle (what `close` waits for, and what the chaos test checks is zero). */
  pending(): number {
    return this.uncertain.length + this.owed.length;
  }

  private remember(kind: 'uncertain' | 'owed', o: Owed): void {
    const list = kind === 'uncertain' ? this.uncertain : this.owed;
    if (list.length >= MAX_OWED) {
      this.log().error({ request_id: o.requestId, key_id: o.keyId, kind }, 'too many unsettled charges: this one is only logged for manual reconciliation');
      return;
    }
    list.push(o);
    if (!this.timer) {
      this.timer = setInterval(() => void this.settle(), SETTLE_EVERY_MS);
      this.timer.unref();
    }
  }

  /**
   * One pass: refunds owed go in; uncertain charges are looked up in the ledger, and those that did commit
   * (with no refund yet) are refunded, since their calls were answered 503. Runs until nothing is left.
   */
  async settle(): Promise<void> {
    if (this.settling) return;
    this.settling = true;
    try {
      // Entries leave their list only once settled, so pending() never reads zero while a pass is under way.
      if (this.uncertain.length > 0) {
        const batch = this.uncertain.slice();
        let states;
        try {
          states = await this.store.chargeStates(batch.map((o) => o.requestId));
        } catch {
          return;
        }
        const now = Date.now();
        const keep = new Set<Owed>();
        for (const o of batch) {
          const st = states.get(o.requestId);
          if (st?.charged && !st.refunded) this.owed.push(o);
          else if (!st?.charged && now - (o.since ?? now) < this.uncertainWatchMs) keep.add(o);
        }
        this.uncertain = this.uncertain.filter((o) => !batch.includes(o) || keep.has(o));
      }
      while (this.owed.length > 0) {
        const o = this.owed[0] as Owed;
        try {
          await this.store.refund(o.keyId, o.credits, o.requestId, o.endpoint, isoTime(this.clock()));
        } catch {
          return;
        }
        this.owed.shift();
        this.cellsOf(o.endpoint).refunded.n += o.credits;
        this.log().warn({ request_id: o.requestId, key_id: o.keyId }, 'refund settled after a store outage');
      }
    } finally {
      this.settling = false;
      if (this.pending() === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    }
  }

  /** Settles what it can, for up to `graceMs` of wall time, before the store closes (shutdown). */
  async close(graceMs: number): Promise<void> {
    const deadline = performance.now() + graceMs;
    while (this.pending() > 0 && performance.now() < deadline) {
      await this.settle();
      if (this.pending() > 0) await new Promise((r) => setTimeout(r, 100));
    }
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const o of [...this.uncertain, ...this.owed]) {
      this.log().error({ request_id: o.requestId, key_id: o.keyId, credits: o.credits, endpoint: o.endpoint }, 'unsettled at shutdown: reconcile this request_id by hand');
    }
  }

  private cellsOf(endpoint: string): { charged: TallyCell; refunded: TallyCell } {
    let cells = this.cells.get(endpoint);
    if (!cells) this.cells.set(endpoint, (cells = { charged: this.metrics.chargedCredits.cell(endpoint), refunded: this.metrics.refundedCredits.cell(endpoint) }));
    return cells;
  }
}

// Calls within the same millisecond share one ISO timestamp string.
let isoMs = NaN;
let isoText = '';
function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoText = new Date(ms).toISOString();
    isoMs = ms;
  }
  return isoText;
}
