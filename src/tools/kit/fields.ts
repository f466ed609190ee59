// Schema pieces shared by several tools: the upload_id field, the "text or upload_id" rule, objects of counts.
import { z } from 'zod';

/** `upload_id` from POST /v1/uploads; the gateway replaces it with the uploaded text before the engine runs. */
export const uploadIdField = z
  .string()
  .min(1)
  .max(100)
  .describe('Id of a file uploaded through POST /v1/uploads; used in place of the text field. The upload must belong to the calling key.');

/**
 * Reports a refinement failure with the tool's own code: the call path answers 400 with `params.code` (a code
 * the tool declares) and the message, on the field `path` names (`[]`: the object itself).
 */
export function addCodedIssue(ctx: z.RefinementCtx, code: string, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message, params: { code } });
}

/**
 * Refinement for an input object that needs either `field` or `upload_id`: when both are missing, the
 * issue is reported on `field` so the code is `<field>_required`.
 */
export function requireTextOrUpload(field: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (value[field] === undefined && value.upload_id === undefined) addCodedIssue(ctx, `${field}_required`, [field], `${field} is required (or upload_id).`);
  };
}

/**
 * An object of whole-number counts, one described field per key, in the order given (summary, totals and
 * "excluded by" blocks).
 */
export function counts<K extends string>(fields: Record<K, string>): z.ZodObject<Record<K, z.ZodNumber>> {
  const shape = Object.fromEntries(Object.entries<string>(fields).map(([key, meaning]) => [key, z.number().int().describe(meaning)]));
  return z.object(shape as Record<K, z.ZodNumber>);
}
