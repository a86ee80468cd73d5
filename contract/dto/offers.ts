import type { z } from "zod";
import type { offersSchema } from "#contract/responses/offers.ts";

/** The live offers' answer type, inferred from its schema in contract/responses (type-only). */
export type OffersDto = z.infer<typeof offersSchema>;
