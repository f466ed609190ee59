// The closed list of platform error codes, their HTTP statuses, and the one error envelope.

/**
 * Every code the platform itself emits, with its status and a one-line meaning. Field-specific 400 codes
 * are generated from validation issues (validation.ts) and tool-specific codes come from ToolError; both
 * are documented in docs/errors.md. A test keeps this table and that document in step.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, meaning: 'The HTTP request itself is malformed (headers, encoding).' },
  invalid_json: { status: 400, meaning: 'The body is not valid JSON.' },
  body_must_be_object: { status: 400, meaning: 'The JSON body is not an object.' },
  unsupported_content_type: { status: 400, meaning: 'uploads: content_type is not on the allowlist; see allowed.' },
  scope_not_grantable: { status: 400, meaning: 'POST /v1/keys: a requested scope cannot be granted; see allowed.' },
  missing_token: { status: 401, meaning: 'No Authorization header, or not a Bearer header.' },
  invalid_token: { status: 401, meaning: 'The token lacks the key prefix or no such key exists.' },
  key_revoked: { status: 401, meaning: 'The key exists but has been revoked.' },
  insufficient_credits: { status: 402, meaning: 'The balance is below the cost; nothing ran, nothing was charged.' },
  insufficient_scope: { status: 403, meaning: 'The key lacks the scope the endpoint needs; see required_scope.' },
  host_not_allowed: { status: 403, meaning: 'MCP on a loopback-bound server: Host or Origin is not localhost or DDT_PUBLIC_URL (DNS-rebinding guard).' },
  not_found: { status: 404, meaning: 'No route at this path.' },
  key_not_found: { status: 404, meaning: 'Admin routes: no key with this id.' },
  upload_not_found: { status: 404, meaning: 'No upload with this id belongs to the calling key.' },
  method_not_allowed: { status: 405, meaning: 'The path exists but not with this method.' },
  upload_incomplete: { status: 409, meaning: 'The upload exists but its file has not been PUT yet.' },
  payload_too_large: { status: 413, meaning: 'The body exceeds the request size limit.' },
  upload_signature_invalid: { status: 403, meaning: 'Upload PUT: the signature does not match.' },
  upload_url_expired: { status: 403, meaning: 'Upload PUT: the presigned URL has expired.' },
  upload_content_type_mismatch: { status: 400, meaning: 'Upload PUT: Content-Type differs from the one signed.' },
  upload_size_mismatch: { status: 400, meaning: 'Upload PUT: the body size differs from the size signed.' },
  upload_unreadable: { status: 400, meaning: 'The uploaded file could not be read (corrupt gzip, or too large once inflated).' },
  upload_already_complete: { status: 409, meaning: 'Upload PUT: this upload has already been stored.' },
  rate_limit_exceeded: { status: 429, meaning: 'Too many calls in this window; see limit, window_seconds, retry_after.' },
  internal_error: { status: 500, meaning: 'Unexpected failure; credits were refunded.' },
  endpoint_disabled: { status: 503, meaning: 'The endpoint is disabled or not deployed; nothing was charged.' },
  rate_limiter_unavailable: { status: 503, meaning: 'The rate limiter is unreachable and configured to fail closed.' },
  not_ready: { status: 503, meaning: '/readyz: the store or the limiter is not reachable.' },
  upstream_unavailable: { status: 504, meaning: 'blm-land-lookup: the upstream GIS service did not respond.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorBody = { error: string; request_id?: string } & Record<string, unknown>;

/** An error the platform answers with on purpose: status, stable code, extra body fields, headers. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.extra = extra;
    this.headers = headers;
  }
}

export function errorBody(code: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { error: code, ...extra };
}
