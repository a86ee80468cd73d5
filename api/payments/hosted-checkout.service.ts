import { isoNow } from "#api/core/clock.ts";
import type { ApiDeps, AuthUser } from "#api/core/env.ts";
import { badRequest, notFound } from "#api/core/errors.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import { recordOrderEvent } from "#api/orders/order-events.ts";
import { restock, userOrderDetail } from "#api/orders/orders.service.ts";
import { givePromoUseBack } from "#api/promo/promo.service.ts";
import { type CheckoutOutcome, PAYMENT_METHOD_NAMES } from "#contract/checkout.ts";
import { HOSTED_CHECKOUT_MINUTES, SHIPPING_METHOD } from "#contract/constants.ts";
import type { HostedCheckoutDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import type { HostedCheckoutRequest as HostedCheckoutBody } from "#contract/schemas/checkout.ts";
import { refundKeyOf } from "./gateway.ts";
import type { HostedCheckoutEvent, HostedGateway } from "./hosted-gateway.ts";
import {
  abandonAttempt,
  attemptSettler,
  claimAttempt,
  confirmPaidOrder,
  gatewayKeyOf,
  newOrderCode,
  type OrderPayment,
  placeOrder,
  priceOrder,
  replay,
  requestHash,
} from "./payments.service.ts";

/** How long a hosted checkout takes payment, and so how long its order holds the stock. */
export const HOSTED_CHECKOUT_MS = HOSTED_CHECKOUT_MINUTES * 60_000;

export type HostedDeps = ApiDeps & { gateway: HostedGateway };
type SettleDeps = Pick<ApiDeps, "db" | "clock" | "logger"> & Partial<Pick<ApiDeps, "outbox">> & { gateway: HostedGateway };

/**
 * POST /payments/checkout-sessions. As a card payment (payments.service.ts), in the same order so nothing is held
 * for a refused order: the key is claimed (a replay answers the key's order and checkout); the order is priced;
 * the provider opens a checkout for exactly that price; one transaction holds the stock and writes the order
 * `pending`, its payment `open` until the checkout's expiry (a refusal there closes the checkout). The shopper
 * is then sent to the checkout's page; the order is confirmed by `settleCheckout`.
 */
export async function openHostedCheckout(
  deps: HostedDeps,
  user: AuthUser,
  key: string,
  request: HostedCheckoutBody,
): Promise<HostedCheckoutDto> {
  const { db, clock, gateway } = deps;
  if ((await gateway.unavailableMethods()).includes(request.payment.method)) {
    throw badRequest(MSG.payment.methodUnavailable(PAYMENT_METHOD_NAMES[request.payment.method]));
  }
  const attemptId = await claimAttempt(deps, user.id, key, request);
  if (attemptId === null) return checkoutOfOrder(deps, user.id, (await replay(deps, user.id, key, requestHash(request))).id);
  const settle = attemptSettler(deps, attemptId);
  const gatewayKey = gatewayKeyOf(user.id, key);
  let reference: string | undefined;
  let orderId: number | undefined;
  try {
    const quote = await priceOrder(deps, user.id, request);
    const code = newOrderCode();
    const checkout = await gateway.openCheckout({
      idempotencyKey: gatewayKey,
      orderCode: code,
      method: request.payment.method,
      customerEmail: user.email,
      lines: quote.lines.map((line) => ({
        name: [line.productName, line.variantName, line.fit].filter(Boolean).join(" · "),
        unitAmountPence: line.basePricePence + line.extraPricePence,
        quantity: line.quantity,
      })),
      shipping: { name: SHIPPING_METHOD.title, amountPence: quote.totals.shippingPence },
      discount: quote.promo ? { code: quote.promo.promo.code, amountPence: quote.totals.discountPence } : null,
      totalPence: quote.totals.totalPence,
      expiresAt: new Date(clock.now().getTime() + HOSTED_CHECKOUT_MS),
      successUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
    });
    reference = checkout.reference;
    await db.kysely
      .updateTable("payment_attempts")
      .set({ gateway: gateway.name, gateway_reference: reference, amount_pence: quote.totals.totalPence })
      .where("id", "=", attemptId)
      .execute();
    const payment: OrderPayment = {
      method: request.payment.method,
      reference,
      cardLast4: null,
      status: "open",
      orderPaymentStatus: "unpaid",
      checkoutUrl: checkout.url,
      expiresAt: checkout.expiresAt.toISOString(),
    };
    orderId = await transactionWithRetry(db, (trx) => placeOrder(trx, deps, user.id, key, code, quote, payment));
    await deps.catalogue.generation.check();
    await settle("succeeded", { order_id: orderId });
    return { order: (await userOrderDetail(db.kysely, user.id, orderId)) as HostedCheckoutDto["order"], checkoutUrl: checkout.url };
  } catch (error) {
    // Once the order is committed it stands, its checkout open: a replay of the key answers both.
    if (orderId !== undefined) await settle("succeeded", { order_id: orderId });
    else await abandonAttempt(deps, attemptId, reference, gatewayKey, error);
    throw error;
  }
}

/** The key's order and where to pay for it: its checkout's page while that is open and unpaid, else none. */
async function checkoutOfOrder(deps: HostedDeps, userId: number, orderId: number): Promise<HostedCheckoutDto> {
  const payment = await deps.db.kysely
    .selectFrom("payments")
    .select(["status", "checkout_url"])
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  const order = (await userOrderDetail(deps.db.kysely, userId, orderId)) as HostedCheckoutDto["order"];
  return { order, checkoutUrl: payment.status === "open" ? payment.checkout_url : null };
}

/** The payment a checkout reference belongs to, if any. */
const paymentOf = (deps: Pick<ApiDeps, "db">, reference: string) =>
  deps.db.kysely
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.order_id", "p.status", "p.amount_pence", "o.user_id", "o.code"])
    .where("p.reference", "=", reference)
    .executeTakeFirst();

/**
 * Asks the provider how a checkout stands and settles its order to match: paid confirms it (exactly once, through
 * confirmPaidOrder), expired releases it; a checkout paid for an order the shop has already given up (released
 * or cancelled) is refunded. Called by the webhook, the shopper's return and the sweep; any number of them at once
 * settle the order once.
 */
export async function settleCheckout(deps: SettleDeps, reference: string): Promise<CheckoutOutcome> {
  const payment = await paymentOf(deps, reference);
  if (!payment) return "unknown";
  if (payment.status === "captured" || payment.status === "refunded") return "already_confirmed";
  const checkout = await deps.gateway.checkoutOf(reference);
  if (checkout.paid) {
    if (payment.status === "open" && (await confirmPaidOrder(deps, payment.order_id, "open"))) return "confirmed";
    const now = await paymentOf(deps, reference);
    if (now?.status === "captured") return "already_confirmed";
    await deps.gateway.refund(reference, payment.amount_pence, refundKeyOf(reference));
    deps.logger.warn({ orderCode: payment.code }, "a checkout was paid after its order was released or cancelled: refunded");
    return "refunded";
  }
  if (checkout.status === "expired") {
    // Released by this call or by another one that met the same expiry.
    await releaseCheckout(deps, reference);
    return "released";
  }
  return "unpaid";
}

/**
 * A checkout that will never be paid: its order is cancelled, its stock and promo use returned, in one transaction
 * conditional on the payment still being open (so once, and never after a confirmation).
 */
async function releaseCheckout(deps: Pick<ApiDeps, "db" | "clock">, reference: string): Promise<boolean> {
  return transactionWithRetry(deps.db, async (trx) => {
    const released = await trx
      .updateTable("payments")
      .set({ status: "expired" })
      .where("reference", "=", reference)
      .where("status", "=", "open")
      .returning("order_id")
      .executeTakeFirst();
    if (!released) return false;
    const cancelled = await trx
      .updateTable("orders")
      .set({ status: "cancelled", updated_at: isoNow(deps.clock) })
      .where("id", "=", released.order_id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) > 0) {
      await restock(trx, released.order_id);
      await givePromoUseBack(trx, released.order_id);
      await recordOrderEvent(trx, deps.clock, {
        orderId: released.order_id,
        status: "cancelled",
        actorUserId: null,
        note: "checkout expired unpaid",
      });
    }
    return true;
  });
}

/** A verified webhook event: a completed checkout confirms its order, an expired one releases it. */
export async function handleCheckoutEvent(deps: SettleDeps, event: HostedCheckoutEvent): Promise<CheckoutOutcome> {
  if (event.type === "ignored") return "ignored";
  return settleCheckout(deps, event.reference);
}

/**
 * The shopper is back from the provider's page (`?session_id=`): the order is confirmed now if its checkout is
 * paid and the webhook has not done it yet. Another shopper's checkout is not found.
 */
export async function returnFromCheckout(deps: HostedDeps, userId: number, reference: string): Promise<HostedCheckoutDto> {
  const payment = await paymentOf(deps, reference);
  if (!payment || payment.user_id !== userId) throw notFound(MSG.payment.checkoutNotFound);
  await settleCheckout(deps, reference);
  return checkoutOfOrder(deps, userId, payment.order_id);
}

/**
 * The sweep, for checkouts whose expiry event never came: every open payment past its expiry is settled as the
 * provider says (paid ones confirmed, others closed and released). Run by the payment recovery pass, under its lease.
 */
export async function settleExpiredCheckouts(deps: SettleDeps): Promise<{ orderCode: string; outcome: CheckoutOutcome }[]> {
  const due = await deps.db.kysely
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.reference", "o.code"])
    .where("p.status", "=", "open")
    .where("p.expires_at", "<", isoNow(deps.clock))
    .orderBy("p.id")
    .execute();
  const settled: { orderCode: string; outcome: CheckoutOutcome }[] = [];
  for (const { reference, code } of due) {
    try {
      let outcome: CheckoutOutcome;
      if ((await deps.gateway.checkoutOf(reference)).status === "open") {
        // Closed now; paid in the meantime, it is refunded (under refundKeyOf, as anywhere else), so the order goes.
        await deps.gateway.voidAuthorisation(reference, `expire-${reference}`);
        outcome = (await releaseCheckout(deps, reference)) ? "released" : await settleCheckout(deps, reference);
      } else {
        outcome = await settleCheckout(deps, reference);
      }
      settled.push({ orderCode: code, outcome });
    } catch (error) {
      deps.logger.error({ err: error, orderCode: code }, "settling an expired checkout failed; the next pass tries again");
    }
  }
  return settled;
}
