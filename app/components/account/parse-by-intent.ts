import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { emailRequestSchema } from "#contract/schemas/auth.ts";

/**
 * Client validation of an account form whose second button (`intent` = `emailOnlyIntent`: resend a code,
 * forgot password) needs only the e-mail: that intent checks the e-mail alone, every other one the whole form.
 * The e-mail schema is a part of `schema`, so the submission is typed as the whole form's: Conform types the
 * fields from it.
 */
export function parseByIntent<Schema extends z.ZodObject<{ email: z.ZodType }>>(
  formData: FormData,
  schema: Schema,
  emailOnlyIntent: string,
) {
  const emailOnly = formData.get("intent") === emailOnlyIntent;
  return parseWithZod(formData, { schema: emailOnly ? (emailRequestSchema as unknown as Schema) : schema });
}
