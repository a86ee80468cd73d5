import { z } from "zod";
import { isSupportedCurrency } from "#app/features/currency/currency.ts";

/** A display currency the shop supports . */
const currencyCodeSchema = z.string().trim().toUpperCase().refine(isSupportedCurrency);

/** The currency picker's form: the chosen code and the page to return to. */
export const currencyFormSchema = z.object({
  currency: currencyCodeSchema,
  redirectTo: z.string().optional(),
});
