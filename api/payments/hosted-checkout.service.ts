import { isoNow } from "#api/core/clock.ts";
import type { ApiDeps, AuthUser } from "#api/core/env.ts";
import { badRequest, conflict, notFound } from "#api/core/errors.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import { recordOrderEvent } from "#api/orders/order-events.ts";
import { userOrderDetail } from "#api/orders/order-reads.ts";
import { restock, returnOrderMoney } from "#api/orders/orders.service.ts";
import { givePromoUseBack } from "#api/promo/promo.service.ts";
import { type CheckoutOutcome, PAYMENT_METHOD_NAMES, type PaymentMethod } from "#contract/checkout.ts";
import { HOSTED_CHECKOUT_MINUTES, SHIPPING_METHOD } from "#contract/constants.ts";
import type { HeldCheckoutDto, HostedCheckoutDto, OrderDetailDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";
import type { HostedCheckoutRequest as HostedCheckoutBody } from "#contract/schemas/checkout.ts";
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
import { refundKeyOf } from "./refund-keys.ts";

/** How long a hosted checkout takes payment, and so how long its order holds the stock. */
export const HOSTED_CHECKOUT_MS = HOSTED_CHECKOUT_MINUTES * 60_000;

/**
 * An open checkout this old is asked about by the recovery pass, paid or not, instead of waiting for its expiry:
 * a shopper who paid but neither came back nor had their webhook reach the shop is confirmed within minutes.
 */
export const OPEN_CHECKOUT_CHECK_MS = 5 * 60_000;

export type HostedDeps = ApiDeps & { gateway: HostedGateway };
type SettleDeps = Pick<ApiDeps, "db" | "clock" | "logger"> & Partial<Pick<ApiDeps, "outbox">> & { gateway: HostedGateway };

/**
 * The methods refused when the provider cannot say which it offers: PayPal, which a Stripe account may lack;
 * cards, Apple Pay and Google Pay go on, as every Stripe account takes them.
 */
const UNAVAILABLE_WHEN_UNKNOWN: PaymentMethod[] = ["paypal"];
/** Gateways whose methods look-up is failing now, so the failure is logged once per spell, not on every checkout. */
const failingMethodLookups = new WeakSet<HostedGateway>();

/**
 * The methods the provider cannot take now. Asking is optional (PayPal's availability): when the provider fails
 * to answer (an outage, a key without the payment method configurations permission), the checkout goes on with
 * cards, Apple Pay and Google Pay, which a Stripe account always offers, and PayPal is refused with its tab's text.
 */
export async function unavailableMethodsOf(deps: Pick<ApiDeps, "logger"> & { gateway: HostedGateway }): Promise<PaymentMethod[]> {
  try {
    const unavailable = await deps.gateway.unavailableMethods();
    failingMethodLookups.delete(deps.gateway);
    return unavailable;
  } catch (error) {
    if (!failingMethodLookups.has(deps.gateway)) {
      failingMethodLookups.add(deps.gateway);
      deps.logger.warn({ err: error }, "the payment provider did not say which methods it offers; offering cards only until it does");
    }
    return UNAVAILABLE_WHEN_UNKNOWN;
  }
}

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
  if ((await unavailableMethodsOf(deps)).includes(request.payment.method)) {
    throw badRequest(MSG.payment.methodUnavailable(PAYMENT_METHOD_NAMES[request.payment.method]));
  }
  const earlier = await settleEarlierCheckouts(deps, user.id, key, requestHash(request));
  if (earlier) return earlier;
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

/**
 * The shopper's other hosted orders still open (left on the provider's page, another tab): one for the same request
 * (lines, address, method, promo) is answered again, its checkout's page or, paid meanwhile, its confirmation, so
 * paying again never opens a second order; any other is cancelled first, its stock and promo use released, so the
 * shopper's own abandoned order never holds the unit this checkout needs. A shopper has one open checkout at a time.
 */
async function settleEarlierCheckouts(deps: HostedDeps, userId: number, key: string, hash: string): Promise<HostedCheckoutDto | null> {
  const open = await deps.db.kysely
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.order_id", "o.id")
    .leftJoin("payment_attempts as a", (join) =>
      join.onRef("a.user_id", "=", "o.user_id").onRef("a.idempotency_key", "=", "o.idempotency_key"),
    )
    .select(["o.id", "p.reference", "a.request_hash"])
    .where("o.user_id", "=", userId)
    .where("o.status", "=", "pending")
    .where("p.status", "=", "open")
    .where("o.idempotency_key", "!=", key)
    .orderBy("o.id")
    .execute();
  for (const order of open) {
    const outcome = await settleCheckout(deps, order.reference);
    const stands = outcome === "unpaid" || outcome === "confirmed" || outcome === "already_confirmed";
    if (stands && order.request_hash === hash) return checkoutOfOrder(deps, userId, order.id);
    if (outcome === "unpaid") await cancelOpenOrder(deps, order.id, { note: "replaced by a new checkout", actorUserId: userId });
  }
  return null;
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

/**
 * Cancels a hosted order whose payment is still open (the shopper's Cancel, or a new checkout replacing it): in one
 * transaction conditional on the order being pending and its payment open, the order is cancelled and its stock
 * and promo use given back at once; then its checkout is closed at the provider (refunded, should it have been
 * paid in between). A provider that fails there leaves the order cancelled with its payment open, which the
 * recovery pass closes (returnCancelledOrdersMoney). Answers whether this call cancelled it.
 */
async function cancelOpenOrder(
  deps: Pick<ApiDeps, "db" | "clock" | "logger"> & { gateway: HostedGateway },
  orderId: number,
  event: { note: string; actorUserId: number },
): Promise<boolean> {
  const cancelled = await transactionWithRetry(deps.db, async (trx) => {
    const moved = await trx
      .updateTable("orders")
      .set({ status: "cancelled", updated_at: isoNow(deps.clock) })
      .where("id", "=", orderId)
      .where("status", "=", "pending")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("payments")
            .select("payments.id")
            .whereRef("payments.order_id", "=", "orders.id")
            .where("payments.status", "=", "open"),
        ),
      )
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    await restock(trx, orderId);
    await givePromoUseBack(trx, orderId);
    await recordOrderEvent(trx, deps.clock, { orderId, status: "cancelled", ...event });
    return true;
  });
  if (!cancelled) return false;
  try {
    await returnOrderMoney(deps.db, deps.clock, deps.gateway, orderId);
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "closing a cancelled order's checkout failed; the recovery pass tries again");
  }
  return true;
}

/** The shopper's own hosted order and its payment; another shopper's, or an order without a checkout, is not found. */
async function heldPaymentOf(deps: Pick<ApiDeps, "db">, userId: number, orderId: number) {
  const held = await deps.db.kysely
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.order_id", "o.id")
    .select(["p.reference", "p.status", "p.expires_at"])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .where("p.checkout_url", "is not", null)
    .executeTakeFirst();
  if (!held) throw notFound(MSG.orders.notFound);
  return held;
}

/**
 * `GET /payments/orders/:id/checkout`: the shopper's hosted order as the provider has it now (settled first, so a
 * checkout paid meanwhile reads paid and one past its expiry released), with its checkout's page and the end of
 * its hold while it waits for payment.
 */
export async function heldCheckoutOf(deps: HostedDeps, userId: number, orderId: number): Promise<HeldCheckoutDto> {
  const held = await heldPaymentOf(deps, userId, orderId);
  if (held.status === "open") await settleCheckout(deps, held.reference);
  const { order, checkoutUrl } = await checkoutOfOrder(deps, userId, orderId);
  const heldUntil = checkoutUrl && order.status_name === "pending" ? held.expires_at : null;
  return { order, checkoutUrl: heldUntil ? checkoutUrl : null, heldUntil };
}

/**
 * `POST /payments/orders/:id/checkout` (Pay now): the same order's checkout, open until the hold ends, so paying
 * again never places a second order. A paid order answers itself without a checkout; one released or cancelled
 * can no longer be paid (409).
 */
export async function payHeldOrder(deps: HostedDeps, userId: number, orderId: number): Promise<HostedCheckoutDto> {
  const { order, checkoutUrl } = await heldCheckoutOf(deps, userId, orderId);
  if (!checkoutUrl && order.payment_status !== "paid") throw conflict(MSG.payment.orderNotPayable);
  return { order, checkoutUrl };
}

/**
 * `POST /payments/orders/:id/cancel` (Cancel this order): the shopper gives up a hosted order still waiting for
 * payment; its stock and promo use are released at once and its checkout closed. Asked again, a cancelled order
 * answers itself; one paid meanwhile (or moved on) cannot be cancelled here (409).
 */
export async function cancelHeldOrder(deps: HostedDeps, userId: number, orderId: number): Promise<OrderDetailDto> {
  const held = await heldPaymentOf(deps, userId, orderId);
  if (held.status === "open" && (await settleCheckout(deps, held.reference)) === "unpaid") {
    await cancelOpenOrder(deps, orderId, { note: "cancelled by the shopper before paying", actorUserId: userId });
  }
  const order = (await userOrderDetail(deps.db.kysely, userId, orderId)) as OrderDetailDto;
  if (order.status_name !== "cancelled") throw conflict(MSG.payment.orderNotCancellable);
  return order;
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
 * The sweep, for checkouts whose events never came: every open payment past its expiry is settled as the provider
 * says (paid ones confirmed, others closed and released), and every one open longer than OPEN_CHECKOUT_CHECK_MS is
 * asked about, so one paid is confirmed (and its e-mail sent) within minutes. Checkouts still open and unpaid are
 * left out of the answer. Run by the payment recovery pass, under its lease.
 */
export async function settleOpenCheckouts(deps: SettleDeps): Promise<{ orderCode: string; outcome: CheckoutOutcome }[]> {
  const now = deps.clock.now();
  const expiredBefore = now.toISOString();
  const openedBefore = new Date(now.getTime() - OPEN_CHECKOUT_CHECK_MS).toISOString();
  const due = await deps.db.kysely
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.reference", "p.expires_at", "o.code"])
    .where("p.status", "=", "open")
    .where((eb) => eb.or([eb("p.expires_at", "<", expiredBefore), eb("p.created_at", "<", openedBefore)]))
    .orderBy("p.id")
    .execute();
  const settled: { orderCode: string; outcome: CheckoutOutcome }[] = [];
  for (const { reference, expires_at, code } of due) {
    try {
      let outcome: CheckoutOutcome;
      if (expires_at !== null && expires_at >= expiredBefore) {
        outcome = await settleCheckout(deps, reference);
        if (outcome === "unpaid") continue;
      } else if ((await deps.gateway.checkoutOf(reference)).status === "open") {
        // Closed now; paid in the meantime, it is refunded (under refundKeyOf, as anywhere else), so the order goes.
        await deps.gateway.voidAuthorisation(reference, `expire-${reference}`);
        outcome = (await releaseCheckout(deps, reference)) ? "released" : await settleCheckout(deps, reference);
      } else {
        outcome = await settleCheckout(deps, reference);
      }
      settled.push({ orderCode: code, outcome });
    } catch (error) {
      deps.logger.error({ err: error, orderCode: code }, "settling an open checkout failed; the next pass tries again");
    }
  }
  return settled;
}
