// Environment -> typed configuration, in one place (the operator contract of DESIGN §7).
import path from 'node:path';
import { z } from 'zod';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  default: RateLimitRule;
  perEndpoint: Record<string, RateLimitRule>;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: a statement running longer is cancelled, and the call answers 503 store_unavailable. */
  databaseTimeoutMs: number;
  redisUrl: string | undefined;
  rateLimitFail: 'open' | 'closed';
  rateLimits: RateLimitConfig;
  disabled: Set<string>;
  deployExtra: Set<string>;
  bootstrapAdminKey: string | undefined;
  bootstrapCredits: number;
  keyPrefix: string;
  publicUrl: string;
  bodyLimitBytes: number;
  logLevel: string;
  /** Trust X-Forwarded-* (the client address, protocol and host) only behind a proxy that sets them. */
  trustProxy: boolean;
  uploads: {
    s3Bucket: string | undefined;
    s3Endpoint: string | undefined;
    s3Region: string;
    s3ForcePathStyle: boolean;
    signingSecret: string | undefined;
    urlTtlSeconds: number;
    retentionHours: number;
  };
  blm: { smaUrl: string; designationsUrl: string; timeoutMs: number };
  alignment: { model: string; baseUrl: string | undefined; apiKey: string | undefined; timeoutMs: number };
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEFAULT_LIMITS = '*=120/60';

/** Parses `*=120/60,log-analyzer=30/60` (calls / window seconds, per key per endpoint). */
function parseRateLimits(spec: string): RateLimitConfig {
  const out: RateLimitConfig = { default: { limit: 120, windowSeconds: 60 }, perEndpoint: {} };
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9_*-]+)\s*=\s*(\d+)\s*\/\s*(\d+)$/i.exec(part);
    if (!m) throw new ConfigError(`DDT_RATE_LIMITS: cannot read "${part}"; expected name=calls/seconds`);
    const rule = { limit: Number(m[2]), windowSeconds: Number(m[3]) };
    if (rule.limit < 1 || rule.windowSeconds < 1 || rule.windowSeconds > 86_400) {
      throw new ConfigError(`DDT_RATE_LIMITS: "${part}" needs calls >= 1 and 1 <= seconds <= 86400`);
    }
    const name = (m[1] as string).toLowerCase().replace(/_/g, '-');
    if (name === '*') out.default = rule;
    else out.perEndpoint[name] = rule;
  }
  return out;
}

function list(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

const intFrom = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: intFrom('PORT', 8080, 0, 65_535),
  DDT_DATA_DIR: z.string().default('./data'),
  DDT_DATABASE_URL: z.string().optional(),
  DDT_DATABASE_TIMEOUT_MS: intFrom('DDT_DATABASE_TIMEOUT_MS', 5000, 100, 600_000),
  DDT_REDIS_URL: z.string().optional(),
  DDT_RATE_LIMIT_FAIL: z.enum(['open', 'closed']).default('closed'),
  DDT_RATE_LIMITS: z.string().default(DEFAULT_LIMITS),
  DDT_DISABLED: z.string().optional(),
  DDT_DEPLOY_EXTRA: z.string().optional(),
  DDT_BOOTSTRAP_ADMIN_KEY: z.string().optional(),
  DDT_BOOTSTRAP_CREDITS: intFrom('DDT_BOOTSTRAP_CREDITS', 1000, 0, 1_000_000_000),
  DDT_KEY_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}_$/, 'DDT_KEY_PREFIX must be lowercase letters/digits ending with an underscore')
    .default('ddt_'),
  DDT_PUBLIC_URL: z.string().optional(),
  DDT_BODY_LIMIT_BYTES: intFrom('DDT_BODY_LIMIT_BYTES', 6 * 1024 * 1024, 1024, 64 * 1024 * 1024),
  DDT_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DDT_TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  DDT_S3_BUCKET: z.string().optional(),
  DDT_S3_ENDPOINT: z.string().optional(),
  DDT_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  AWS_REGION: z.string().default('us-east-1'),
  // Read by the AWS SDK itself (its default credential chain); named here so this schema is the whole list of
  // variables the service reads.
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  DDT_UPLOAD_SECRET: z.string().optional(),
  DDT_UPLOAD_URL_TTL_SECONDS: intFrom('DDT_UPLOAD_URL_TTL_SECONDS', 900, 30, 86_400),
  DDT_UPLOAD_RETENTION_HOURS: intFrom('DDT_UPLOAD_RETENTION_HOURS', 24, 1, 24 * 90),
  DDT_BLM_SMA_URL: z
    .string()
    .default('https://gis.blm.gov/arcgis/rest/services/lands/BLM_Natl_SMA_LimitedScale/MapServer/1'),
  DDT_BLM_DESIGNATIONS_URL: z.string().default('https://gis.blm.gov/arcgis/rest/services/lands'),
  DDT_BLM_TIMEOUT_MS: intFrom('DDT_BLM_TIMEOUT_MS', 8000, 100, 120_000),
  DDT_ALIGNMENT_MODEL: z
    .string()
    .regex(/^(rubric|openai:.+|anthropic:.+)$/, 'DDT_ALIGNMENT_MODEL must be rubric, openai:<model> or anthropic:<model>')
    .default('rubric'),
  DDT_ALIGNMENT_BASE_URL: z.string().optional(),
  DDT_ALIGNMENT_API_KEY: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  DDT_ALIGNMENT_TIMEOUT_MS: intFrom('DDT_ALIGNMENT_TIMEOUT_MS', 30_000, 100, 600_000),
  DDT_SHUTDOWN_GRACE_MS: intFrom('DDT_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
});

/** Every environment variable the service reads (the operator contract; compose.yaml is checked against it). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

/** The string without its trailing slashes (a loop, not a regex: linear whatever the input). */
export function trimSlashes(s: string): string {
  let end = s.length;
  while (end > 1 && s.charCodeAt(end - 1) === 47) end--;
  return s.slice(0, end);
}

/** Reads the environment; throws ConfigError naming the variable on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? '';
    throw new ConfigError(`${name ? `${name}: ` : ''}${issue?.message ?? 'invalid configuration'}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DDT_DATA_DIR);
  const host = e.HOST;
  const publicUrl = trimSlashes(e.DDT_PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${e.PORT}`);
  const alignmentModel = e.DDT_ALIGNMENT_MODEL;
  const providerKey = alignmentModel.startsWith('openai:') ? e.OPENAI_API_KEY : alignmentModel.startsWith('anthropic:') ? e.ANTHROPIC_API_KEY : undefined;
  if (e.DDT_BOOTSTRAP_ADMIN_KEY !== undefined && !e.DDT_BOOTSTRAP_ADMIN_KEY.startsWith(e.DDT_KEY_PREFIX)) {
    throw new ConfigError(`DDT_BOOTSTRAP_ADMIN_KEY must begin with the key prefix ${e.DDT_KEY_PREFIX}`);
  }
  if (e.DDT_BOOTSTRAP_ADMIN_KEY !== undefined && e.DDT_BOOTSTRAP_ADMIN_KEY.length < e.DDT_KEY_PREFIX.length + 20) {
    throw new ConfigError('DDT_BOOTSTRAP_ADMIN_KEY is too short: use at least 20 characters after the prefix');
  }
  return {
    host,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DDT_DATABASE_URL || undefined,
    databaseTimeoutMs: e.DDT_DATABASE_TIMEOUT_MS,
    redisUrl: e.DDT_REDIS_URL || undefined,
    rateLimitFail: e.DDT_RATE_LIMIT_FAIL,
    rateLimits: parseRateLimits(e.DDT_RATE_LIMITS),
    disabled: list(e.DDT_DISABLED),
    deployExtra: list(e.DDT_DEPLOY_EXTRA),
    bootstrapAdminKey: e.DDT_BOOTSTRAP_ADMIN_KEY,
    bootstrapCredits: e.DDT_BOOTSTRAP_CREDITS,
    keyPrefix: e.DDT_KEY_PREFIX,
    publicUrl,
    bodyLimitBytes: e.DDT_BODY_LIMIT_BYTES,
    logLevel: e.DDT_LOG_LEVEL,
    trustProxy: e.DDT_TRUST_PROXY === 'true' || e.DDT_TRUST_PROXY === '1',
    uploads: {
      s3Bucket: e.DDT_S3_BUCKET || undefined,
      s3Endpoint: e.DDT_S3_ENDPOINT || undefined,
      s3Region: e.AWS_REGION,
      s3ForcePathStyle: e.DDT_S3_FORCE_PATH_STYLE ? e.DDT_S3_FORCE_PATH_STYLE === 'true' : Boolean(e.DDT_S3_ENDPOINT),
      signingSecret: e.DDT_UPLOAD_SECRET || undefined,
      urlTtlSeconds: e.DDT_UPLOAD_URL_TTL_SECONDS,
      retentionHours: e.DDT_UPLOAD_RETENTION_HOURS,
    },
    blm: { smaUrl: e.DDT_BLM_SMA_URL, designationsUrl: e.DDT_BLM_DESIGNATIONS_URL, timeoutMs: e.DDT_BLM_TIMEOUT_MS },
    alignment: {
      model: alignmentModel,
      baseUrl: e.DDT_ALIGNMENT_BASE_URL || undefined,
      apiKey: e.DDT_ALIGNMENT_API_KEY || providerKey || undefined,
      timeoutMs: e.DDT_ALIGNMENT_TIMEOUT_MS,
    },
    shutdownGraceMs: e.DDT_SHUTDOWN_GRACE_MS,
  };
}
