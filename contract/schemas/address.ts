import { z } from "zod";
import { ADDRESS_TYPES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/** The address form of the profile and checkout, shared by the storefront (Conform) and the API. */

const LABEL_MAX = 60;
const LINE_MAX = 120;
const CITY_MAX = 60;

/** UK postcode (outward code, optional space, inward code), plus the special GIR 0AA. */
const UK_POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}|GIR0AA)$/;
/** UK number after dropping spaces, dashes, dots and brackets: 0 or +44/0044 then 9-10 digits. */
const UK_PHONE = /^(?:0|\+44|0044)\d{9,10}$/;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, MSG.accounts.fieldTooLong(max));

/** Stored in the usual written form: upper case, one space before the inward code. */
const postcodeField = z
  .string({ error: MSG.accounts.postcodeRequired })
  .trim()
  .min(1, { error: MSG.accounts.postcodeRequired, abort: true })
  .transform((value) => value.toUpperCase().replace(/\s+/g, ""))
  .pipe(z.string().regex(UK_POSTCODE, MSG.accounts.postcodeInvalid))
  .transform((compact) => `${compact.slice(0, -3)} ${compact.slice(-3)}`);

const phoneField = requiredText(MSG.accounts.phoneRequired, 30).refine(
  (value) => UK_PHONE.test(value.replace(/[\s().-]/g, "")),
  MSG.accounts.phoneInvalid,
);

export const addressSchema = z.object({
  label: requiredText(MSG.accounts.labelRequired, LABEL_MAX),
  line1: requiredText(MSG.accounts.line1Required, LINE_MAX),
  line2: z
    .string()
    .trim()
    .max(LINE_MAX, MSG.accounts.fieldTooLong(LINE_MAX))
    .nullish()
    .transform((value) => value || null),
  city: requiredText(MSG.accounts.cityRequired, CITY_MAX),
  postal_code: postcodeField,
  phone: phoneField,
  is_default: z.boolean().default(false),
  address_type: z.enum(ADDRESS_TYPES).default("Home"),
});

/** The `:id` of PUT and DELETE /public/addresses/{id}. */
export const addressIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export type AddressInput = z.infer<typeof addressSchema>;
