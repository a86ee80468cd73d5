import type { Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "#api/db/connect.ts";
import type { Database, PromoCode } from "#api/db/schema.ts";
import { PROMO_TYPES } from "#contract/checkout.ts";
import { OPERATOR_LIMITS } from "#contract/constants.ts";
import { toPence } from "#contract/money.ts";
import { PROMO_CODE_MAX, promoCodeField } from "#contract/schemas/checkout.ts";

const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date such as 2026-12-31 or 2026-12-31T23:59:59Z")
  .transform((value) => new Date(value).toISOString());
const count = z.coerce.number().int().positive().max(OPERATOR_LIMITS.count);

/** What an operator gives `promo:create`: percent (1-100) or GBP for fixed codes; the window is [starts, ends). */
export const newPromoSchema = z
  .object({
    code: promoCodeField.pipe(
      z
        .string()
        .regex(/^[A-Z0-9_-]+$/, "code may hold letters, digits, - and _ only")
        .max(PROMO_CODE_MAX),
    ),
    type: z.enum(PROMO_TYPES),
    value: z.coerce.number().positive().max(OPERATOR_LIMITS.gbp),
    description: z.string().trim().max(200).optional(),
    minBasket: z.coerce.number().nonnegative().max(OPERATOR_LIMITS.gbp).default(0),
    starts: isoDate.optional(),
    ends: isoDate.optional(),
    usageLimit: count.optional(),
    perCustomer: count.optional(),
    firstPurchase: z.boolean().default(false),
  })
  .refine((promo) => promo.type === "fixed" || (Number.isInteger(promo.value) && promo.value <= 100), {
    path: ["value"],
    message: "a percentage must be a whole number from 1 to 100",
  })
  .refine((promo) => !promo.starts || !promo.ends || promo.starts < promo.ends, { path: ["ends"], message: "ends must be after starts" });
export type NewPromo = z.infer<typeof newPromoSchema>;

const defaultDescription = (promo: NewPromo) =>
  promo.description ??
  (promo.type === "percentage" ? `${promo.value}% off` : `£${promo.value.toFixed(2)} off`) +
    (promo.minBasket > 0 ? ` baskets of £${promo.minBasket.toFixed(2)} or more` : "") +
    (promo.firstPurchase ? " your first purchase" : "");

/**
 * Creates a promo code (in the caller's transaction, if any); false when the code exists already. Raises the catalogue
 * generation: the storefront's kept offers (`GET /public/offers`, the top bar) follow it.
 */
export async function createPromo(db: Kysely<Database>, promo: NewPromo): Promise<boolean> {
  const inserted = await db
    .insertInto("promo_codes")
    .values({
      code: promo.code,
      description: defaultDescription(promo),
      discount_type: promo.type,
      discount_value: promo.type === "fixed" ? toPence(promo.value) : promo.value,
      min_basket_pence: toPence(promo.minBasket),
      first_purchase_only: promo.firstPurchase ? 1 : 0,
      active: 1,
      starts_at: promo.starts ?? null,
      ends_at: promo.ends ?? null,
      usage_limit: promo.usageLimit ?? null,
      per_customer_limit: promo.perCustomer ?? null,
    })
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export const listPromos = (db: Db): Promise<PromoCode[]> => db.kysely.selectFrom("promo_codes").selectAll().orderBy("code").execute();

/** Deactivates a code (it then answers 'Invalid promo code'), in the caller's transaction if any; false when there is no such code. */
export async function disablePromo(db: Kysely<Database>, code: string): Promise<boolean> {
  const result = await db.updateTable("promo_codes").set({ active: 0 }).where("code", "=", code.trim().toUpperCase()).executeTakeFirst();
  const disabled = Number(result.numUpdatedRows) > 0;
  return disabled;
}
