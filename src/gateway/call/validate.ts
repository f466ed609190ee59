// Step 4b of a call: unknown fields, the schema (compiled fast path first), an upload read in place of its
// text field, then the tool's pure `prepare`. Everything here refuses with a 400 and is never charged.
import type { z } from 'zod';
import { UNSURE, fastPathOf } from '../../platform/fast-validate.ts';
import { UploadTooLongError } from '../../platform/uploads/service.ts';
import type { UploadService } from '../../platform/uploads/service.ts';
import { firstFailure } from '../../platform/validation.ts';
import { toolSchemas } from '../schemas.ts';
import { checkFields } from './body.ts';
import type { Endpoint } from './endpoint.ts';
import { ValidationError, fail } from './result.ts';

/** What validation hands to the charge and run steps. */
export interface Validated {
  input: unknown;
  prepared: unknown;
}

/** The schema's output for `body`, or a ValidationError with the generated field code. */
function parseWithSchema(schema: z.ZodType, body: unknown): unknown {
  const fast = fastPathOf(schema);
  if (fast) {
    // The fast path only ever accepts (fast-validate.ts); anything it cannot vouch for goes to zod.
    const quick = fast(body);
    if (quick !== UNSURE) return quick;
  }
  const r = schema.safeParse(body);
  if (!r.success) throw new ValidationError(firstFailure(r.error, body));
  return r.data;
}

/**
 * Validates a parsed body for an endpoint. Returns at once, or a promise when a tool was given an upload_id
 * (read, put in place of its text field, validated again). `uploads` is absent for operator calls.
 */
export function validate(endpoint: Endpoint, body: unknown, keyId: string | undefined, uploads: UploadService | undefined): Validated | Promise<Validated> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('body_must_be_object');
  checkFields(endpoint.input, body);
  const data = parseWithSchema(endpoint.input, body) as Record<string, unknown>;
  if (endpoint.kind !== 'tool') return { input: data, prepared: undefined };
  const tool = endpoint.tool;
  const field = tool.uploadField;
  // An operator call has no uploads to read from: upload_id stays as it is, and the tool decides.
  if (field !== undefined && typeof data.upload_id === 'string' && uploads && keyId !== undefined) {
    return uploads.readText(keyId, data.upload_id, { field, maxChars: maxLengthOf(tool, field) }).then(
      (text) => {
        const swapped: Record<string, unknown> = { ...(body as Record<string, unknown>), [field]: text };
        delete swapped.upload_id;
        const input = parseWithSchema(tool.input, swapped);
        return { input, prepared: tool.prepare ? tool.prepare(input) : undefined };
      },
      (err: unknown) => {
        // An upload that inflates past the field's limit gets the code the schema gives a text that long.
        if (err instanceof UploadTooLongError) throw new ValidationError({ error: `${err.field}_too_long`, message: err.message });
        throw err;
      },
    );
  }
  return { input: data, prepared: tool.prepare ? tool.prepare(data) : undefined };
}

/** The declared maximum length of a tool's text field (what an upload may inflate to). */
function maxLengthOf(tool: Extract<Endpoint, { kind: 'tool' }>['tool'], field: string): number | undefined {
  const prop = (toolSchemas(tool).input.properties as Record<string, { maxLength?: unknown }> | undefined)?.[field];
  return typeof prop?.maxLength === 'number' ? prop.maxLength : undefined;
}
