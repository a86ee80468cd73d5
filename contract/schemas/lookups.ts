import { z } from "zod";

/** The body of POST /public/lookups/values: the lookup headers whose values to answer. */
export const lookupValuesBodySchema = z.object({
  header_ids: z.array(z.coerce.number().int().positive()).min(1).max(50),
});
