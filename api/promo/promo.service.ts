import type { Kysely } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import { badRequest } from "#api/core/errors.ts";
import type { Database, PromoCode } from "#api/db/schema.ts";
import type { PromoResultDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { promoDiscountPence } from "#contract/pricing.ts";

/**
 * Promo rules: a code applies when it is active and inside its validity window ('Invalid promo code'
 * otherwise), has uses left in total and for this customer, the basket reaches its minimum, and, for a
 * first-purchase code, the customer has no order yet (cancelled ones do not count). The discount never exceeds the basket.
 */

export interface AppliedPromo {
  promo: PromoCode;
  discountPence: number;
}

const formatPounds = (pence: number) => toGbp(pence).toFixed(2);

/** The promo `code` would give on `basketPence` for this customer (undefined: a visitor); refusals throw 400 with the shopper's message. */
export async function applyPromo(
  db: Kysely<Database>,
  clock: Clock,
  code: string,
  basketPence: number,
  userId: number | undefined,
): Promise<AppliedPromo> {
  const promo = await db.selectFrom("promo_codes").selectAll().where("code", "=", code).executeTakeFirst();
  const now = isoNow(clock);
  const live = promo && promo.active === 1 && (!promo.starts_at || promo.starts_at <= now) && (!promo.ends_at || promo.ends_at > now);
  if (!live) throw badRequest(MSG.promo.invalid);
  if (promo.usage_limit !== null && promo.times_used >= promo.usage_limit) throw badRequest(MSG.promo.usageLimitReached);
  if (basketPence < promo.min_basket_pence) throw badRequest(MSG.promo.minimumBasket(formatPounds(promo.min_basket_pence)));
  if (userId !== undefined) await checkCustomer(db, promo, userId);
  return { promo, discountPence: promoDiscountPence(promo, basketPence) };
}

async function checkCustomer(db: Kysely<Database>, promo: PromoCode, userId: number, placingOrderId?: number): Promise<void> {
  if (promo.first_purchase_only === 1) {
    // A cancelled order bought nothing: the customer's first purchase is still to come. The order being placed
    // (written already in its transaction) is not an earlier one.
    const earlier = await db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "!=", "cancelled")
      .$if(placingOrderId !== undefined, (query) => query.where("id", "!=", placingOrderId as number))
      .limit(1)
      .executeTakeFirst();
    if (earlier) throw badRequest(MSG.promo.firstPurchaseOnly);
  }
  if (promo.per_customer_limit !== null) {
    const { used } = await db
      .selectFrom("promo_redemptions")
      .select((eb) => eb.fn.countAll<number>().as("used"))
      .where("promo_code_id", "=", promo.id)
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(used) >= promo.per_customer_limit) throw badRequest(MSG.promo.alreadyUsed);
  }
}

/**
 * Inside the order's transaction: takes one use of the code with a conditional update (which also
 * holds the code's row, so one customer's simultaneous orders see each other), checks the customer
 * again, and records the redemption once the order exists.
 */
export async function claimPromoUse(trx: Kysely<Database>, promo: PromoCode, userId: number, placingOrderId: number): Promise<void> {
  const claimed = await trx
    .updateTable("promo_codes")
    .set((eb) => ({ times_used: eb("times_used", "+", 1) }))
    .where("id", "=", promo.id)
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("times_used", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    // Disabled since it was priced, or its last use went to another order meanwhile.
    const current = await trx.selectFrom("promo_codes").select("active").where("id", "=", promo.id).executeTakeFirst();
    throw badRequest(current?.active === 1 ? MSG.promo.usageLimitReached : MSG.promo.invalid);
  }
  await checkCustomer(trx, promo, userId, placingOrderId);
}

export async function recordRedemption(
  trx: Kysely<Database>,
  clock: Clock,
  redemption: { promoId: number; userId: number; orderId: number; discountPence: number },
): Promise<void> {
  await trx
    .insertInto("promo_redemptions")
    .values({
      promo_code_id: redemption.promoId,
      user_id: redemption.userId,
      order_id: redemption.orderId,
      discount_pence: redemption.discountPence,
      created_at: isoNow(clock),
    })
    .execute();
}

/** The first-purchase code live now: what the welcome e-mail sends and what the storefront's promise names. */
export interface FirstPurchaseOffer {
  code: string;
  description: string;
  /** The discount in percent, or null for a fixed-amount code (the storefront then promises no percentage). */
  percent: number | null;
}

/**
 * Inside the transaction that gives up an order never paid (a checkout that expired): its redemption goes and its
 * code's use comes back, so an abandoned checkout spends neither the shopper's nor the code's limit.
 */
export async function givePromoUseBack(trx: Kysely<Database>, orderId: number): Promise<void> {
  const redemption = await trx
    .deleteFrom("promo_redemptions")
    .where("order_id", "=", orderId)
    .returning("promo_code_id")
    .executeTakeFirst();
  if (!redemption) return;
  await trx
    .updateTable("promo_codes")
    .set((eb) => ({ times_used: eb("times_used", "-", 1) }))
    .where("id", "=", redemption.promo_code_id)
    .where("times_used", ">", 0)
    .execute();
}

/**
 * The first-purchase code a new subscriber is offered: the newest one live now with uses left, or null (the
 * welcome e-mail and the storefront's top bar then promise none). One query for both, so they never disagree.
 */
export async function firstPurchaseOffer(db: Kysely<Database>, clock: Clock): Promise<FirstPurchaseOffer | null> {
  const now = isoNow(clock);
  const offer = await db
    .selectFrom("promo_codes")
    .select(["code", "description", "discount_type", "discount_value"])
    .where("first_purchase_only", "=", 1)
    .where("active", "=", 1)
    .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", now)]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("times_used", "<", eb.ref("usage_limit"))]))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!offer) return null;
  return {
    code: offer.code,
    description: offer.description,
    percent: offer.discount_type === "percentage" ? offer.discount_value : null,
  };
}

export function toPromoResult({ promo, discountPence }: AppliedPromo): PromoResultDto {
  return {
    promoCode: {
      code: promo.code,
      description: promo.description,
      discount_type: promo.discount_type,
      discount_value: promo.discount_type === "fixed" ? toGbp(promo.discount_value) : promo.discount_value,
    },
    discountAmount: toGbp(discountPence),
  };
}

export const promoAppliedMessage = (discountPence: number) => MSG.promo.applied(formatPounds(discountPence));
