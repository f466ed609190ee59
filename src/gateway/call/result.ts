// What a call answers, and the one place where anything thrown during a call becomes the error envelope.
import { ApiError, ERROR_CODES, errorBody } from '../../platform/errors.ts';
import { isStoreUnavailable } from '../../platform/store/types.ts';
import type { ErrorCode } from '../../platform/errors.ts';
import type { ValidationFailure } from '../../platform/validation.ts';
import { ToolError } from '../../tools/kit/contract.ts';
import type { ToolLogger } from '../../tools/kit/contract.ts';

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A request body that failed the endpoint's schema (or named a field it does not take): a 400. */
export class ValidationError extends Error {
  constructor(readonly failure: ValidationFailure) {
    super(failure.message);
  }
}

/** Throws the platform error `code`; the call's result is built from it by `toResult`. */
export function fail(code: ErrorCode, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, message?: string): never {
  throw new ApiError(code, extra, headers, message);
}

/** Seconds a caller is asked to wait when the store did not answer. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * Maps anything thrown during a call to its answer: a platform ApiError, a validation failure, a tool's
 * own ToolError, the store being away (503 store_unavailable), or (anything else) a logged 500
 * internal_error. `requestId` is set once the call was metered, and then appears in the body.
 */
export function toResult(err: unknown, headers: Record<string, string>, requestId: string | undefined, log: ToolLogger): CallResult {
  let status: number;
  let body: Record<string, unknown>;
  if (err instanceof ApiError) {
    status = err.status;
    body = errorBody(err.code, err.message, err.extra);
    if (Object.keys(err.headers).length > 0) headers = { ...headers, ...err.headers };
  } else if (err instanceof ValidationError) {
    const { error, message, ...extra } = err.failure;
    status = 400;
    body = errorBody(error, message, extra);
  } else if (err instanceof ToolError) {
    status = err.status;
    body = errorBody(err.code, err.message, err.details);
  } else if (isStoreUnavailable(err)) {
    status = ERROR_CODES.store_unavailable.status;
    body = errorBody('store_unavailable', ERROR_CODES.store_unavailable.message, { retry_after: STORE_RETRY_AFTER_SECONDS });
    headers = { ...headers, 'retry-after': String(STORE_RETRY_AFTER_SECONDS) };
  } else {
    log.error({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), request_id: requestId }, 'unhandled error');
    status = ERROR_CODES.internal_error.status;
    body = errorBody('internal_error', ERROR_CODES.internal_error.message);
  }
  if (requestId) body.request_id = requestId;
  return { status, headers, body };
}
