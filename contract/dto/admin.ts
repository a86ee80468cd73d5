import type { z } from "zod";
import type { operatorSchema } from "#contract/responses/admin.ts";

/** Back-office answers' types, inferred from their schemas in contract/responses (type-only). */

export type OperatorDto = z.infer<typeof operatorSchema>;
