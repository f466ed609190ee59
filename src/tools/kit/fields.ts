// Schema pieces shared by several tools: the upload_id field, the "text or upload_id" rule, objects of counts.
import { z } from 'zod';

/** `upload_id` from POST /v1/uploads; the gateway replaces it with the uploaded text before the engine runs. */
export const uploadIdField = z
  .string()
  .min(1)
  .max(100)
  .describe('Id of a file uploaded through POST /v1/uploads; used in place of the text field. The upload must belong to the calling key.');

/**
 * Refinement for an input object that needs either `field` or `upload_id`: when both are missing, the
 * issue is reported on `field` so the code is `<field>_required`.
 */
export function requireTextOrUpload(field: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (value[field] === undefined && value.upload_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} is required (or upload_id).`,
        params: { code: `${field}_required` },
      });
    }
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
