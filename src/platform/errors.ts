// The closed list of platform error codes, their HTTP statuses and default messages, and the one error envelope.

/**
 * Every code the platform itself emits, with its status, a one-line meaning (docs/errors.md) and the default
 * `message` a person can act on. Field-specific 400 codes are generated from validation issues
 * (validation.ts) and tool-specific codes come from ToolError; both are documented in docs/errors.md. A test
 * keeps this table and that document in step.
 */
export const ERROR_CODES = {
  bad_request: {
    status: 400,
    meaning: 'The HTTP request itself is malformed (headers, encoding).',
    message: 'The HTTP request is malformed; check its headers and encoding.',
  },
  invalid_json: {
    status: 400,
    meaning: 'The body is not valid JSON; `position` gives the offset of the error.',
    message: 'The body is not valid JSON.',
  },
  body_must_be_object: { status: 400, meaning: 'The JSON body is not an object.', message: 'The request body must be a JSON object.' },
  unknown_field: {
    status: 400,
    meaning: 'The body has a field the endpoint does not take; see field and did_you_mean.',
    message: 'The body has a field this endpoint does not take.',
  },
  idempotency_key_invalid: {
    status: 400,
    meaning: 'The Idempotency-Key is not 1 to 255 printable ASCII characters.',
    message: 'Idempotency-Key must be 1 to 255 printable ASCII characters.',
  },
  unsupported_content_type: {
    status: 400,
    meaning: 'uploads: content_type is not on the allowlist; see allowed.',
    message: 'This content type cannot be uploaded; use one of those in allowed.',
  },
  scope_not_grantable: {
    status: 400,
    meaning: 'POST /v1/keys: a requested scope cannot be granted; see allowed.',
    message: 'A requested scope cannot be granted; grantable scopes are in allowed.',
  },
  upload_content_type_mismatch: {
    status: 400,
    meaning: 'Upload PUT: Content-Type differs from the one signed.',
    message: 'The PUT must carry the Content-Type given when the upload was created (see expected).',
  },
  upload_size_mismatch: {
    status: 400,
    meaning: 'Upload PUT: the body size differs from the size signed.',
    message: 'The file sent is not the size given when the upload was created (see expected_bytes).',
  },
  upload_unreadable: {
    status: 400,
    meaning: 'The uploaded file could not be read (corrupt gzip, or too large once inflated).',
    message: 'The uploaded file could not be read (see reason).',
  },
  missing_token: {
    status: 401,
    meaning: 'No Authorization header, or not a Bearer header.',
    message: 'Send your API key as a header: Authorization: Bearer <key>.',
  },
  invalid_token: {
    status: 401,
    meaning: 'The token lacks the key prefix or no such key exists.',
    message: 'This API key is not valid. Check that the whole key was sent, or ask your operator for a new one.',
  },
  key_revoked: {
    status: 401,
    meaning: 'The key exists but has been revoked.',
    message: 'This API key has been revoked. Ask your operator for a new one.',
  },
  insufficient_credits: {
    status: 402,
    meaning: 'The balance is below the cost; nothing ran, nothing was charged.',
    message: "The key's credit balance is below this call's cost; nothing ran and nothing was charged. Ask your operator to add credits.",
  },
  insufficient_scope: {
    status: 403,
    meaning: 'The key lacks the scope the endpoint needs; see required_scope.',
    message: 'This key lacks the scope this endpoint needs (see required_scope).',
  },
  host_not_allowed: {
    status: 403,
    meaning: 'MCP on a loopback-bound server: Host or Origin is not localhost or DDT_PUBLIC_URL (DNS-rebinding guard).',
    message: 'This server is bound to a loopback address; Host and Origin must name localhost or DDT_PUBLIC_URL.',
  },
  upload_signature_invalid: {
    status: 403,
    meaning: 'Upload PUT: the signature does not match.',
    message: 'The upload URL signature does not match; use the URL exactly as POST /v1/uploads returned it.',
  },
  upload_url_expired: {
    status: 403,
    meaning: 'Upload PUT: the presigned URL has expired.',
    message: 'The upload URL has expired; ask POST /v1/uploads for a new one.',
  },
  not_found: { status: 404, meaning: 'No route at this path.', message: 'No route at this path. The API reference is at /docs.' },
  key_not_found: { status: 404, meaning: 'Admin routes: no key with this id.', message: 'No key has this id.' },
  upload_not_found: {
    status: 404,
    meaning: 'No upload with this id belongs to the calling key.',
    message: 'No upload with this upload_id belongs to this key (uploads are deleted after the retention period).',
  },
  method_not_allowed: {
    status: 405,
    meaning: 'The path exists but not with this method.',
    message: 'This path does not take this method; the methods it takes are in allowed.',
  },
  upload_incomplete: {
    status: 409,
    meaning: 'The upload exists but its file has not been PUT yet.',
    message: 'The file has not been PUT to the upload URL yet; PUT it, then call again.',
  },
  upload_already_complete: {
    status: 409,
    meaning: 'Upload PUT: this upload has already been stored, or another PUT to it is under way.',
    message: 'This upload already has its file; ask POST /v1/uploads for a new one to send another.',
  },
  idempotency_key_reused: {
    status: 409,
    meaning: 'This Idempotency-Key was used within 24 hours with a different body for this endpoint.',
    message: 'This Idempotency-Key was already used with a different request body; use a new key for a new request.',
  },
  idempotency_key_in_use: {
    status: 409,
    meaning: 'The first call with this Idempotency-Key is still running; retry shortly.',
    message: 'A call with this Idempotency-Key is still running; retry after retry_after seconds to get its answer.',
  },
  payload_too_large: {
    status: 413,
    meaning: 'The body exceeds the request size limit; see max_bytes.',
    message: 'The request body is larger than max_bytes; upload big files with POST /v1/uploads and pass upload_id.',
  },
  rate_limit_exceeded: {
    status: 429,
    meaning: 'Too many calls in this window; see limit, window_seconds, retry_after.',
    message: 'Too many calls to this endpoint in this window; retry after retry_after seconds.',
  },
  internal_error: {
    status: 500,
    meaning:
      'Unexpected failure; credits were refunded. From alignment-gate with a model configured, the model failed: `reason` (timeout, network_error, http_error, invalid_response, aborted) and `upstream_status` say how.',
    message: 'The call failed on our side; its credits were refunded. Retry once or twice, then quote request_id to support.',
  },
  endpoint_disabled: {
    status: 503,
    meaning: 'The endpoint is disabled or not deployed; nothing was charged.',
    message: 'This endpoint is disabled on this server; nothing was charged.',
  },
  rate_limiter_unavailable: {
    status: 503,
    meaning: 'The rate limiter is unreachable and configured to fail closed; see retry_after.',
    message: 'The rate limiter is unreachable; nothing was charged. Retry after retry_after seconds.',
  },
  store_unavailable: {
    status: 503,
    meaning: 'The database is unreachable or stalled; nothing was charged (or the charge was refunded); see retry_after.',
    message: 'The database is unreachable; nothing was charged. Retry after retry_after seconds.',
  },
  service_unavailable: {
    status: 503,
    meaning: 'The server is shutting down or overloaded; see retry_after.',
    message: 'The server is shutting down; retry after retry_after seconds (another instance may answer at once).',
  },
  not_ready: { status: 503, meaning: '/readyz: the store or the limiter is not reachable.', message: 'Not ready: the store or the rate limiter is not reachable.' },
  upstream_unavailable: {
    status: 504,
    meaning: 'blm-land-lookup: the surface-management layer did not respond (a designation layer that fails is named in unavailable_sources of a 200).',
    message: 'The upstream service did not respond in time.',
  },
} as const satisfies Record<string, { status: number; meaning: string; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorBody = { error: string; message: string; request_id?: string } & Record<string, unknown>;

/** An error the platform answers with on purpose: status, stable code, a message, extra body fields, headers. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, message?: string) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.extra = extra;
    this.headers = headers;
  }
}

/**
 * The one error envelope: `error` (the stable code), `message` (for a person; wording may change), then the
 * code's extra fields. Every non-2xx body the service sends is built here.
 */
export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { error: code, message, ...extra };
}

/** The envelope of a platform code, with its default message unless one is given. */
export function platformError(code: ErrorCode, extra: Record<string, unknown> = {}, message?: string): { status: number; body: ErrorBody } {
  return { status: ERROR_CODES[code].status, body: errorBody(code, message ?? ERROR_CODES[code].message, extra) };
}
