// The context a tool runs with: request id, clock, signal, logger, shared cache, fetch and settings.
import type { Config } from '../../config.ts';
import type { Store } from '../../platform/store/types.ts';
import type { ToolContext, ToolLogger, ToolSettings } from '../../tools/kit/contract.ts';

export interface Logger extends ToolLogger {
  child(bindings: object): Logger;
}

const noop = (): void => undefined;
export const silentLogger: Logger = { info: noop, warn: noop, error: noop, child: () => silentLogger };

/** The operator's settings that tools read, from the configuration: one mapping for every caller. */
export function toolSettings(c: Pick<Config, 'blm' | 'alignment'>): ToolSettings {
  return {
    blmSmaUrl: c.blm.smaUrl,
    blmDesignationsUrl: c.blm.designationsUrl,
    blmTimeoutMs: c.blm.timeoutMs,
    alignmentModel: c.alignment.model,
    alignmentBaseUrl: c.alignment.baseUrl,
    alignmentApiKey: c.alignment.apiKey,
    alignmentTimeoutMs: c.alignment.timeoutMs,
  };
}

/** What every call's context shares. */
export interface ContextSource {
  readonly settings: ToolSettings;
  readonly fetch: typeof globalThis.fetch;
  readonly nowDate: () => Date;
  readonly now: () => number;
  log(): Logger;
  /** The shared cache's store; absent for operator calls without one (a per-process map is used). */
  readonly store: Store | undefined;
}

const localCache = new Map<string, { value: unknown; until: number }>();

/**
 * A class, so a call allocates one small object rather than a dozen closures; the child logger and the cache
 * view are made only when a tool uses them.
 */
export class CallContext implements ToolContext {
  private childLog: Logger | undefined;
  private cacheView: ToolContext['cache'] | undefined;
  readonly fetch: typeof globalThis.fetch;
  readonly settings: ToolSettings;

  constructor(
    private readonly source: ContextSource,
    readonly requestId: string,
    readonly signal: AbortSignal,
  ) {
    this.fetch = source.fetch;
    this.settings = source.settings;
  }

  /** The source's own function, so a tool may pass `ctx.now` around detached. */
  get now(): () => Date {
    return this.source.nowDate;
  }

  get log(): ToolLogger {
    return (this.childLog ??= this.source.log().child({ request_id: this.requestId }));
  }

  get cache(): ToolContext['cache'] {
    const { store, now } = this.source;
    if (!store) {
      return (this.cacheView ??= {
        get: async (k) => {
          const hit = localCache.get(k);
          return hit && hit.until > now() ? hit.value : undefined;
        },
        set: async (k, v, ttlSeconds) => void localCache.set(k, { value: v, until: now() + ttlSeconds * 1000 }),
      });
    }
    return (this.cacheView ??= {
      get: (k) => store.cacheGet(k, now()),
      set: (k, v, ttlSeconds) => store.cacheSet(k, v, now() + ttlSeconds * 1000),
    });
  }
}
