import type { Kysely } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { ApiDeps, AuthUser } from "#api/core/env.ts";
import { ApiError, badRequest, conflict } from "#api/core/errors.ts";
import type { Queryable } from "#api/db/connect.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import type { Database, ExchangePaymentStatus } from "#api/db/schema.ts";
import { lockOrder } from "#api/orders/order-lock.ts";
import type { CardGateway, PaymentGateway } from "#api/payments/gateway.ts";
import type { HostedGateway } from "#api/payments/hosted-gateway.ts";
import { refundKeyOf } from "#api/payments/refund-keys.ts";
import { type CheckoutOutcome, cardExpired } from "#contract/checkout.ts";
import { HOSTED_CHECKOUT_MINUTES } from "#contract/constants.ts";
import type { DifferenceCheckoutDto, ReturnDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import type { CardDetails } from "#contract/schemas/checkout.ts";
import type { DifferenceCheckoutRequest } from "#contract/schemas/returns.ts";
import { differenceStatusOf, type ReturnRow, returnById, shopperReturnDto } from "./return-records.ts";
import { ownReturn } from "./returns.service.ts";
import { enqueueReturnMail } from "./returns-mail.ts";

/**
 * Paying an exchange's price difference (decision 0066). A return whose exchanges are dearer than what they
 * replace owes `difference_due_pence`, fixed at registration; its exchange units are held meanwhile and its label is
 * mailed once the difference is paid. The payment is its own row in `exchange_payments`, apart from the order's
 * payment, and follows the checkout's order of events: asked of the provider first (a card authorised, or a hosted
 * checkout opened), recorded under the order's lock only while the return still owes it (otherwise released at
 * the provider at once), then captured, and only then the return moves on, with its e-mail. Whatever stops
 * between two of these steps is finished by the recovery pass (exchange-payment-sweep.ts); a payment that arrives
 * for a return that no longer owes it goes back.
 */

type PaymentDeps = Pick<ApiDeps, "db" | "clock" | "logger"> & Partial<Pick<ApiDeps, "outbox">>;

/** What a provider's error a payment keeps for the operator. */
const LAST_ERROR_MAX = 500;
const HOSTED_CHECKOUT_MS = HOSTED_CHECKOUT_MINUTES * 60_000;

/** What the return owes now, for a payment to start; refused when nothing is owed, or the time to pay has passed. */
async function owedPence(db: Queryable, ret: ReturnRow, now: Date): Promise<number> {
  const status = await differenceStatusOf(db, ret);
  if (status !== "due" || (ret.state !== "requested" && ret.state !== "received")) throw conflict(MSG.returns.differenceNotDue);
  if (ret.payment_due_by !== null && ret.payment_due_by < now.toISOString()) throw badRequest(MSG.returns.differenceOverdue);
  return ret.difference_due_pence;
}

/**
 * Writes the provider's payment `reference` for the return, under its order's lock, if the return still owes it:
 * true once written (or written before, by the same key answered again), false when the return no longer owes it.
 */
async function recordPayment(
  deps: PaymentDeps,
  ret: ReturnRow,
  payment: {
    gateway: string;
    reference: string;
    status: "authorised" | "open";
    cardLast4?: string;
    checkoutUrl?: string;
    expiresAt?: Date;
  },
): Promise<boolean> {
  const { db, clock } = deps;
  return transactionWithRetry(db, async (trx) => {
    await lockOrder(trx, db.dialect, { id: ret.order_id });
    const earlier = await trx.selectFrom("exchange_payments").select("id").where("reference", "=", payment.reference).executeTakeFirst();
    if (earlier) return true;
    // Only a refusal means "no longer owed"; any other failure (the database away) is thrown and retried.
    const amountPence = await owedPence(trx, await returnById(trx, ret.id), clock.now()).catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return null;
      throw error;
    });
    if (amountPence === null) return false;
    const now = isoNow(clock);
    await trx
      .insertInto("exchange_payments")
      .values({
        return_id: ret.id,
        gateway: payment.gateway,
        reference: payment.reference,
        amount_pence: amountPence,
        status: payment.status,
        card_last4: payment.cardLast4 ?? null,
        checkout_url: payment.checkoutUrl ?? null,
        expires_at: payment.expiresAt?.toISOString() ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return true;
  });
}

/** Releases at the provider a payment the shop did not record (the return stopped owing it meanwhile). */
async function releaseUnrecorded(deps: PaymentDeps & { gateway: PaymentGateway }, reference: string): Promise<never> {
  try {
    await deps.gateway.voidAuthorisation(reference, `${reference}:void`);
  } catch (error) {
    deps.logger.error({ err: error, reference }, "releasing an exchange payment the return no longer owed failed");
  }
  throw conflict(MSG.returns.differenceNotDue);
}

/**
 * `POST /public/returns/{code}/payment` (a card gateway): the difference authorised on the shopper's card, recorded,
 * captured; the return is answered with its difference `paid` (or `processing` when the capture must wait for the
 * recovery pass). A declined card is 400 PAYMENT_DECLINED and changes nothing. The key makes a repeated form one payment.
 */
export async function payDifferenceByCard(
  deps: PaymentDeps & { gateway: CardGateway },
  userId: number,
  code: string,
  key: string,
  card: CardDetails,
): Promise<ReturnDto> {
  const { db, clock, gateway } = deps;
  const ret = await ownReturn(db.kysely, userId, code);
  const amountPence = await owedPence(db.kysely, ret, clock.now());
  if (cardExpired(card.expiryDate, clock.now())) throw badRequest(MSG.payment.cardExpired);
  const authorisation = await gateway.authorise({
    amountPence,
    method: "credit_card",
    card: { number: card.cardNumber, expiry: card.expiryDate, cvv: card.cvv, holder: card.cardholderName },
    idempotencyKey: `exchange-${ret.code}:${userId}:${key}`,
  });
  if (!authorisation.approved) throw new ApiError(400, "PAYMENT_DECLINED", authorisation.message);
  const { reference } = authorisation;
  const recorded = await recordPayment(deps, ret, {
    gateway: gateway.name,
    reference,
    status: "authorised",
    cardLast4: card.cardNumber.slice(-4),
  });
  if (!recorded) await releaseUnrecorded(deps, reference);
  await captureDifference(deps, reference);
  return shopperReturnDto(db.kysely, await returnById(db.kysely, ret.id));
}

/** Captures an authorised difference and settles it; a provider that fails leaves it authorised for the recovery pass. */
export async function captureDifference(deps: PaymentDeps & { gateway: CardGateway }, reference: string): Promise<boolean> {
  try {
    await deps.gateway.capture(reference, `${reference}:capture`);
  } catch (error) {
    deps.logger.error({ err: error, reference }, "capturing an exchange's price difference failed; the recovery pass tries again");
    return false;
  }
  try {
    await settlePaid(deps, deps.gateway, reference, "authorised");
  } catch (error) {
    // The money is taken: the payment stays authorised here, and the recovery pass captures (a no-op) and settles it.
    deps.logger.error({ err: error, reference }, "settling a captured price difference failed; the recovery pass finishes it");
    return false;
  }
  return true;
}

/**
 * Marks a payment the provider has taken as captured, once (conditional on its state `from`), under the order's
 * lock: the return's label e-mail goes out and its time to pay ends. A return rejected meanwhile, or paid already by
 * another payment, is owed nothing: this payment is refunded instead.
 */
async function settlePaid(
  deps: PaymentDeps,
  gateway: PaymentGateway,
  reference: string,
  from: Extract<ExchangePaymentStatus, "authorised" | "open">,
): Promise<"paid" | "refunded" | "none"> {
  const { db, clock } = deps;
  const outcome = await transactionWithRetry(db, async (trx) => {
    const payment = await trx
      .selectFrom("exchange_payments")
      .select(["id", "return_id"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    const ret = await returnById(trx, payment.return_id);
    await lockOrder(trx, db.dialect, { id: ret.order_id });
    const paidBefore = await trx
      .selectFrom("exchange_payments")
      .select("id")
      .where("return_id", "=", ret.id)
      .where("id", "<>", payment.id)
      .where("status", "in", ["captured", "refunding", "refunded"])
      .executeTakeFirst();
    const owed = ret.state !== "rejected" && !paidBefore;
    const now = isoNow(clock);
    const moved = await trx
      .updateTable("exchange_payments")
      .set({ status: owed ? "captured" : "refunding", updated_at: now, last_error: null })
      .where("id", "=", payment.id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return { state: "none" as const, id: payment.id };
    if (!owed) return { state: "refund" as const, id: payment.id };
    await trx.updateTable("returns").set({ payment_due_by: null, updated_at: now }).where("id", "=", ret.id).execute();
    await enqueueReturnMail(trx, clock, ret.id, "registered");
    return { state: "paid" as const, id: payment.id };
  });
  if (outcome.state === "paid") deps.outbox?.kick();
  if (outcome.state !== "refund") return outcome.state;
  deps.logger.warn({ reference }, "an exchange's difference was paid for a return that no longer owed it: refunding");
  await refundDifference(deps, gateway, outcome.id);
  return "refunded";
}

/** Gives back a payment marked `refunding`, under its refund key; a provider that fails leaves it for the recovery pass. */
export async function refundDifference(deps: PaymentDeps, gateway: PaymentGateway, paymentId: number): Promise<boolean> {
  const { db, clock } = deps;
  const payment = await db.kysely
    .selectFrom("exchange_payments")
    .select(["reference", "amount_pence", "status"])
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow();
  if (payment.status !== "refunding") return payment.status === "refunded";
  try {
    await gateway.refund(payment.reference, payment.amount_pence, refundKeyOf(payment.reference));
  } catch (error) {
    await db.kysely
      .updateTable("exchange_payments")
      .set({ last_error: String(error instanceof Error ? error.message : error).slice(0, LAST_ERROR_MAX) })
      .where("id", "=", paymentId)
      .execute();
    deps.logger.error(
      { err: error, reference: payment.reference },
      "refunding an exchange's price difference failed; the recovery pass tries again",
    );
    return false;
  }
  await db.kysely
    .updateTable("exchange_payments")
    .set({ status: "refunded", updated_at: isoNow(clock) })
    .where("id", "=", paymentId)
    .where("status", "=", "refunding")
    .execute();
  return true;
}

/**
 * In a rejection's transaction (the order locked): a captured difference is to go back (`refunding`). Answers the
 * payments returnDifferenceMoney settles after the commit.
 */
export async function markDifferenceForReturn(trx: Kysely<Database>, clock: Clock, returnId: number): Promise<void> {
  await trx
    .updateTable("exchange_payments")
    .set({ status: "refunding", updated_at: isoNow(clock) })
    .where("return_id", "=", returnId)
    .where("status", "=", "captured")
    .execute();
}

/**
 * After a rejection: a captured difference is refunded, an authorisation or an open checkout released at the
 * provider (a checkout paid meanwhile is refunded there). Failures are logged; the recovery pass finishes refunds.
 */
export async function returnDifferenceMoney(deps: PaymentDeps & { gateway: PaymentGateway }, returnId: number): Promise<void> {
  const payments = await deps.db.kysely
    .selectFrom("exchange_payments")
    .select(["id", "reference", "status"])
    .where("return_id", "=", returnId)
    .where("status", "in", ["refunding", "authorised", "open"])
    .execute();
  for (const payment of payments) {
    if (payment.status === "refunding") {
      await refundDifference(deps, deps.gateway, payment.id);
      continue;
    }
    try {
      await deps.gateway.voidAuthorisation(payment.reference, `${payment.reference}:void`);
      await deps.db.kysely
        .updateTable("exchange_payments")
        .set({ status: "voided", updated_at: isoNow(deps.clock) })
        .where("id", "=", payment.id)
        .where("status", "=", payment.status)
        .execute();
    } catch (error) {
      deps.logger.error({ err: error, reference: payment.reference }, "releasing a rejected return's price difference failed");
    }
  }
}

/**
 * `POST /public/returns/{code}/checkout` (a hosted gateway): the provider's page to pay the difference on. An open
 * checkout of the return's is answered again (one at a time); a paid one settles the return instead (409).
 */
export async function openDifferenceCheckout(
  deps: PaymentDeps & { gateway: HostedGateway },
  user: AuthUser,
  code: string,
  key: string,
  urls: DifferenceCheckoutRequest,
): Promise<DifferenceCheckoutDto> {
  const { db, clock, gateway } = deps;
  const ret = await ownReturn(db.kysely, user.id, code);
  const open = await db.kysely
    .selectFrom("exchange_payments")
    .select(["reference", "checkout_url"])
    .where("return_id", "=", ret.id)
    .where("status", "=", "open")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (open?.checkout_url && (await settleDifferenceCheckout(deps, open.reference)) === "unpaid") return { checkoutUrl: open.checkout_url };
  const current = await returnById(db.kysely, ret.id);
  const amountPence = await owedPence(db.kysely, current, clock.now());
  const checkout = await gateway.openCheckout({
    idempotencyKey: `exchange-${ret.code}:${user.id}:${key}`,
    orderCode: ret.code,
    method: "credit_card",
    customerEmail: user.email,
    lines: [{ name: MSG.returns.differenceLine(ret.code), unitAmountPence: amountPence, quantity: 1 }],
    shipping: null,
    discount: null,
    totalPence: amountPence,
    expiresAt: new Date(clock.now().getTime() + HOSTED_CHECKOUT_MS),
    successUrl: urls.returnUrl,
    cancelUrl: urls.cancelUrl,
  });
  const recorded = await recordPayment(deps, current, {
    gateway: gateway.name,
    reference: checkout.reference,
    status: "open",
    checkoutUrl: checkout.url,
    expiresAt: checkout.expiresAt,
  });
  if (!recorded) await releaseUnrecorded(deps, checkout.reference);
  return { checkoutUrl: checkout.url };
}

/**
 * Asks the provider how a difference's checkout stands and settles it: paid settles the return (settlePaid),
 * expired closes it. `unknown` when no exchange payment has that reference. Called by the webhook, the shopper's
 * page and the recovery pass; any number at once settle it once.
 */
export async function settleDifferenceCheckout(
  deps: PaymentDeps & { gateway: HostedGateway },
  reference: string,
): Promise<CheckoutOutcome> {
  const payment = await deps.db.kysely
    .selectFrom("exchange_payments")
    .select("status")
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!payment) return "unknown";
  if (payment.status !== "open") return "already_confirmed";
  const checkout = await deps.gateway.checkoutOf(reference);
  if (checkout.paid) {
    const settled = await settlePaid(deps, deps.gateway, reference, "open");
    return settled === "paid" ? "confirmed" : settled === "refunded" ? "refunded" : "already_confirmed";
  }
  if (checkout.status !== "expired") return "unpaid";
  await deps.db.kysely
    .updateTable("exchange_payments")
    .set({ status: "expired", updated_at: isoNow(deps.clock) })
    .where("reference", "=", reference)
    .where("status", "=", "open")
    .execute();
  return "released";
}

/** The shopper's page of a return with a checkout open: settled first, so one paid meanwhile reads paid. */
export async function settleReturnCheckouts(deps: PaymentDeps & { gateway: PaymentGateway }, returnId: number): Promise<void> {
  const { gateway } = deps;
  if (gateway.kind !== "hosted") return;
  const open = await deps.db.kysely
    .selectFrom("exchange_payments")
    .select("reference")
    .where("return_id", "=", returnId)
    .where("status", "=", "open")
    .execute();
  for (const { reference } of open) {
    // The provider away must not keep the shopper from their return's page: the pass settles the checkout later.
    await settleDifferenceCheckout({ ...deps, gateway }, reference).catch((error: unknown) => {
      deps.logger.warn({ err: error, reference }, "asking the provider about a price difference's checkout failed");
    });
  }
}
