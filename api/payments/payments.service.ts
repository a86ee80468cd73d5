import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { isoNow } from "#api/core/clock.ts";
import type { ApiDeps, AuthUser } from "#api/core/env.ts";
import { ApiError, badRequest, conflict, notFound } from "#api/core/errors.ts";
import { recordPaymentOutcome } from "#api/core/metrics.ts";
import { readableCode } from "#api/core/readable-code.ts";
import { transactionWithRetry } from "#api/db/retry.ts";
import type { Database, PaymentAttempt, PaymentAttemptStatus } from "#api/db/schema.ts";
import { recordOrderEvent } from "#api/orders/order-events.ts";
import { enqueueOrderMail } from "#api/orders/order-mail.ts";
import { userOrderDetail } from "#api/orders/order-reads.ts";
import { type AppliedPromo, applyPromo, claimPromoUse, recordRedemption } from "#api/promo/promo.service.ts";
import { cardExpired, type PaymentMethod, type PaymentStatus } from "#contract/checkout.ts";
import { API_TIMEOUT_MS, DEFAULT_FIT, SHIPPING_METHOD } from "#contract/constants.ts";
import type { OrderDetailDto, PaymentAttemptDto } from "#contract/dto/order.ts";
import type { ErrorCode } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { type PriceSummary, summarizePrices } from "#contract/pricing.ts";
import { cardOf, type PaymentCartItem, type PaymentRequest } from "#contract/schemas/checkout.ts";
import type { CardGateway } from "./gateway.ts";

/**
 * POST /payments/process. Order of events, so that nothing is charged for a refused order:
 * 1. the idempotency key is claimed with a hash of the request (a replay answers the key's order at once, or
 *    waits for and answers the first outcome; a replay with another request is refused with 422);
 * 2. every line is priced from the catalogue, the address and the promo are checked;
 * 3. the gateway authorises the total (a decline is recorded, nothing else changes);
 * 4. one transaction takes the stock (conditional updates, never below zero), the promo use, and
 *    writes the order, its items, the payment and the redemption, and enqueues the confirmation and the shop's
 *    notice (the durable mail outbox: sent once it commits); if it fails the authorisation is voided;
 * 5. only then is the payment captured (the order becomes `confirmed`).
 */

interface PricedLine {
  productId: number;
  variantId: number;
  quantity: number;
  productName: string;
  productSku: string;
  variantSku: string;
  variantName: string;
  image: string | null;
  fit: string | null;
  basePricePence: number;
  extraPricePence: number;
}

/** What an order is made of, whichever way it is paid: the lines, the address, the method, the promo. */
export type OrderRequest = Pick<PaymentRequest, "cart" | "address" | "promoCode"> & {
  payment: { method: PaymentMethod; sameAsBilling: boolean };
};

/** The payment an order is written with. */
export interface OrderPayment {
  method: PaymentMethod;
  reference: string;
  cardLast4: string | null;
  /** The payments row: `authorised` (a card) or `open` (a hosted checkout). */
  status: "authorised" | "open";
  orderPaymentStatus: PaymentStatus;
  checkoutUrl?: string;
  expiresAt?: string;
}

export interface Quote {
  lines: PricedLine[];
  totals: PriceSummary;
  promo: AppliedPromo | null;
  address: { label: string; line1: string; line2: string | null; city: string; postal_code: string; phone: string };
}

/** The idempotency key of a payment's gateway calls (`:capture` and `:void` added for those), so any retry is a no-op. */
export const gatewayKeyOf = (userId: number, key: string) => `${userId}:${key}`;

/** How long a replay waits for the first submission of its key to finish. */
const REPLAY_WAIT_MS = API_TIMEOUT_MS - 5_000;
const REPLAY_POLL_MS = 25;

export async function processPayment(
  deps: ApiDeps & { gateway: CardGateway },
  user: AuthUser,
  key: string,
  request: PaymentRequest,
): Promise<OrderDetailDto> {
  const { db, clock } = deps;
  const attemptId = await claimAttempt(deps, user.id, key, request);
  if (attemptId === null) return replay(deps, user.id, key, requestHash(request));
  const settle = attemptSettler(deps, attemptId);

  const card = cardOf(request);
  const gatewayKey = gatewayKeyOf(user.id, key);
  let reference: string | undefined;
  let orderId: number | undefined;
  try {
    const quote = await priceOrder(deps, user.id, request);
    if (card && cardExpired(card.expiryDate, clock.now())) throw badRequest(MSG.payment.cardExpired);
    await db.kysely
      .updateTable("payment_attempts")
      .set({ gateway: deps.gateway.name, amount_pence: quote.totals.totalPence, card_last4: card?.cardNumber.slice(-4) ?? null })
      .where("id", "=", attemptId)
      .execute();
    const authorisation = await deps.gateway.authorise({
      amountPence: quote.totals.totalPence,
      method: request.payment.method,
      card: card && { number: card.cardNumber, expiry: card.expiryDate, cvv: card.cvv, holder: card.cardholderName },
      idempotencyKey: gatewayKey,
    });
    if (!authorisation.approved) {
      const declined = new ApiError(400, "PAYMENT_DECLINED", authorisation.message);
      await settle("declined", { failure: declined });
      throw declined;
    }
    reference = authorisation.reference;
    await db.kysely.updateTable("payment_attempts").set({ gateway_reference: reference }).where("id", "=", attemptId).execute();

    const payment: OrderPayment = {
      method: request.payment.method,
      reference,
      cardLast4: card?.cardNumber.slice(-4) ?? null,
      status: "authorised",
      orderPaymentStatus: "authorised",
    };
    orderId = await transactionWithRetry(db, (trx) => placeOrder(trx, deps, user.id, key, newOrderCode(), quote, payment));
    // Stock moved: this process's next page shows it (others within the catalogue's freshness bound).
    await deps.catalogue.generation.check();
    // The attempt succeeds only once its order is confirmed. Whatever fails before that (the capture, the
    // confirmation's transaction, this process) leaves it processing, and the recovery pass finishes the order;
    // the order stands meanwhile, and a replay of the key answers it.
    if (await captureOrder(deps, orderId, reference, gatewayKey)) await settle("succeeded", { order_id: orderId });
    return (await userOrderDetail(db.kysely, user.id, orderId)) as OrderDetailDto;
  } catch (error) {
    if ((error instanceof ApiError && error.code === "PAYMENT_DECLINED") || orderId !== undefined) throw error;
    await abandonAttempt(deps, attemptId, reference, gatewayKey, error);
    throw error;
  }
}

/** Claims `key` for a new payment attempt: its id, or null when the key was claimed before (a replay). */
export async function claimAttempt(deps: Pick<ApiDeps, "db" | "clock">, userId: number, key: string, request: OrderRequest) {
  const now = isoNow(deps.clock);
  const claimed = await deps.db.kysely
    .insertInto("payment_attempts")
    .values({
      user_id: userId,
      idempotency_key: key,
      status: "processing",
      method: request.payment.method,
      request_hash: requestHash(request),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return claimed?.id ?? null;
}

/** Settles the attempt `attemptId`: with its order, or with the refusal a replay of its key answers again. */
export const attemptSettler =
  (deps: Pick<ApiDeps, "db" | "clock">, attemptId: number) =>
  async (status: PaymentAttemptStatus, fields: { order_id?: number; failure?: ApiError } = {}) => {
    await deps.db.kysely
      .updateTable("payment_attempts")
      .set({
        status,
        order_id: fields.order_id,
        failure_status: fields.failure?.status,
        failure_code: fields.failure?.code,
        failure_message: fields.failure?.message,
        updated_at: isoNow(deps.clock),
      })
      .where("id", "=", attemptId)
      .execute();
    recordPaymentOutcome(status);
  };

/**
 * An attempt that ended before its order was written: what the provider holds for it (`reference`: an
 * authorisation, an open checkout) is released, then the attempt is refused (an ApiError) or failed. A release
 * the provider refuses leaves the attempt processing, so the recovery pass releases it later and fails it then.
 */
export async function abandonAttempt(
  deps: Pick<ApiDeps, "db" | "clock" | "gateway" | "logger">,
  attemptId: number,
  reference: string | undefined,
  gatewayKey: string,
  error: unknown,
): Promise<void> {
  if (reference) {
    try {
      await deps.gateway.voidAuthorisation(reference, `${gatewayKey}:void`);
    } catch (voidError) {
      deps.logger.error({ err: voidError, attemptId }, "releasing a refused order's payment failed; the recovery pass tries again");
      return;
    }
  }
  // A refusal (out of stock, a bad address) is answered again as it was; any other failure (the database away, a
  // lock wait that ran out) tells the shopper in words that nothing was taken, which the release above made true.
  const refusal = error instanceof ApiError && error.status < 500 ? error : undefined;
  await attemptSettler(deps, attemptId)(refusal ? "refused" : "failed", { failure: refusal ?? notCompleted() });
}

/**
 * What a key's request is, for telling a replay from another request under the same key: the lines, the address,
 * the method, the billing choice and the promo code. The card is left out (its number is never stored, and a
 * hash of it could be guessed back from its few unknown digits).
 */
export function requestHash(request: OrderRequest): string {
  const canonical = {
    items: request.cart.items.map((item) => [item.productId, item.variantId, item.quantity, item.selectedFit]),
    address: request.address.id,
    method: request.payment.method,
    sameAsBilling: request.payment.sameAsBilling,
    promo: request.promoCode?.code ?? null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The order a key placed, if it did: it stands once committed, whatever its attempt still says. */
export async function orderOfKey(db: Kysely<Database>, userId: number, key: string): Promise<OrderDetailDto | null> {
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return order ? ((await userOrderDetail(db, userId, order.id)) as OrderDetailDto) : null;
}

/**
 * A repeated key: another request under it is refused (422, as Stripe does); its order, once written, is
 * answered at once; otherwise wait while the first submission runs, then answer what it answered.
 */
export async function replay(deps: ApiDeps, userId: number, key: string, hash: string): Promise<OrderDetailDto> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const attempt = await deps.db.kysely
      .selectFrom("payment_attempts")
      .select(["status", "request_hash", "failure_status", "failure_code", "failure_message"])
      .where("user_id", "=", userId)
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    if (attempt.request_hash !== null && attempt.request_hash !== hash) {
      throw new ApiError(422, "IDEMPOTENCY_KEY_REUSED", MSG.payment.keyReused);
    }
    const order = await orderOfKey(deps.db.kysely, userId, key);
    if (order) return order;
    if (attempt.status !== "processing") throw attemptFailure(attempt);
    if (Date.now() >= deadline) throw conflict(MSG.payment.inProgress);
    await sleep(REPLAY_POLL_MS);
  }
}

/** A payment that failed on the shop's side, its authorisation released: the shopper is told, in words, that nothing was taken. */
const notCompleted = () => new ApiError(503, "SERVICE_UNAVAILABLE", MSG.payment.notCompleted);

/**
 * The refusal a settled attempt without an order answers again. One that failed on the shop's side (recorded as
 * a 5xx, as releases before this one recorded "Internal server error") is answered as not completed: its
 * authorisation was released before the attempt was settled.
 */
const attemptFailure = (attempt: Pick<PaymentAttempt, "failure_status" | "failure_code" | "failure_message">) =>
  attempt.failure_status === null || attempt.failure_status >= 500
    ? notCompleted()
    : new ApiError(
        attempt.failure_status as ApiError["status"],
        (attempt.failure_code ?? "BAD_REQUEST") as ErrorCode,
        attempt.failure_message ?? MSG.payment.failed,
      );

/**
 * GET /payments/attempts/:key: where the shopper's payment under `key` stands, for a storefront that lost the
 * answer (a failed or timed-out call). `order` once the order exists; `message` the refusal of a settled attempt
 * without one. Another shopper's key is not found.
 */
export async function paymentAttemptOf(deps: ApiDeps, userId: number, key: string): Promise<PaymentAttemptDto> {
  const attempt = await deps.db.kysely
    .selectFrom("payment_attempts")
    .select(["status", "failure_status", "failure_code", "failure_message"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!attempt) throw notFound(MSG.payment.attemptNotFound);
  const order = await orderOfKey(deps.db.kysely, userId, key);
  if (order) return { status: "succeeded", order, message: null };
  if (attempt.status === "processing") return { status: "processing", order: null, message: null };
  return { status: attempt.status, order: null, message: attemptFailure(attempt).message };
}

/** Prices every line from the catalogue (the client's prices are never read) and checks the address and promo. */
export async function priceOrder(deps: ApiDeps, userId: number, request: OrderRequest): Promise<Quote> {
  const db = deps.db.kysely;
  const address = await db
    .selectFrom("addresses")
    .select(["label", "line1", "line2", "city", "postal_code", "phone"])
    .where("id", "=", request.address.id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!address) throw badRequest(MSG.payment.addressNotFound);

  const lines: PricedLine[] = [];
  for (const item of request.cart.items) lines.push(await priceLine(db, item));
  const basketPence = summarizePrices(lines);
  const promo = request.promoCode
    ? await applyPromo(db, deps.clock, request.promoCode.code, basketPence.subtotalPence + basketPence.extrasPence, userId)
    : null;
  return { lines, totals: summarizePrices(lines, promo?.discountPence ?? 0), promo, address };
}

async function priceLine(db: Kysely<Database>, item: PaymentCartItem): Promise<PricedLine> {
  const row = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select([
      "p.name",
      "p.sku as productSku",
      "p.status",
      "p.current_price_pence",
      "p.default_fit",
      "v.sku as variantSku",
      "v.color_name",
      "v.size",
      "v.color_image",
      "v.stock",
      "v.extra_price_pence",
    ])
    .where("v.id", "=", item.variantId)
    .where("v.product_id", "=", item.productId)
    .executeTakeFirst();
  if (!row) throw badRequest(MSG.payment.variantUnavailable);
  if (row.status !== "Active") throw badRequest(MSG.payment.productUnavailable(row.name));
  if (item.quantity > row.stock) throw outOfStock(`${row.name} (${row.color_name} / ${row.size})`, row.stock);
  const offered = (
    await db.selectFrom("product_fits").select("value").where("product_id", "=", item.productId).orderBy("position").execute()
  ).map((entry) => entry.value);
  // The cart's default label means "no choice made": the product's own default fit applies then.
  const requested = item.selectedFit;
  let fit = requested && offered.includes(requested) ? requested : null;
  if (!fit && requested && requested !== DEFAULT_FIT.cart) throw badRequest(MSG.payment.fitUnavailable(requested));
  if (!fit && offered.length > 0) fit = row.default_fit && offered.includes(row.default_fit) ? row.default_fit : offered[0];
  // The picture in the chosen colour when the shop has one, else the product's first.
  const firstImage = () =>
    db.selectFrom("product_images").select("url").where("product_id", "=", item.productId).orderBy("position").limit(1).executeTakeFirst();
  const image = row.color_image || (await firstImage())?.url || null;
  return {
    productId: item.productId,
    variantId: item.variantId,
    quantity: item.quantity,
    productName: row.name,
    productSku: row.productSku,
    variantSku: row.variantSku,
    variantName: `${row.color_name} / ${row.size}`,
    image,
    fit,
    basePricePence: row.current_price_pence,
    extraPricePence: row.extra_price_pence,
  };
}

/** Fewer units than asked for: how many are left, or, with none left, that the item has sold out. */
const outOfStock = (item: string, available: number) =>
  new ApiError(400, "OUT_OF_STOCK", available > 0 ? MSG.cart.onlyNForVariant(available) : MSG.payment.soldOut(item));

/** A readable order code, such as MN-7K3F-9Q2A (no 0/O or 1/I to misread). */
export const newOrderCode = (): string => readableCode("MN");

/**
 * The one transaction: order (`pending`), items and payment, then the stock, the promo use and its redemption. Any refusal
 * rolls it all back. The stock is held from here: a card order's until it is cancelled, a hosted checkout's until
 * it expires.
 *
 * The rows every buyer of an item contends for (its variant and product, the promo) are written last, each once
 * (the catalogue generation, which their triggers raise, is written at commit on PostgreSQL), so a transaction holds their locks only from its stock decrement to its commit, never
 * across its inserts: in a rush on one item (a drop) buyers queue for milliseconds, not for each other's whole
 * order. The decrement is conditional (`stock >= quantity`): a buyer who waited for the last unit finds, once the
 * one before commits, that the row no longer qualifies, and is refused as sold out. The locks are taken in one
 * order (variants, then products, then the promo, the generation at commit), so concurrent orders cannot deadlock.
 */
export async function placeOrder(
  trx: Kysely<Database>,
  deps: Pick<ApiDeps, "clock" | "gateway">,
  userId: number,
  key: string,
  code: string,
  quote: Quote,
  payment: OrderPayment,
): Promise<number> {
  const now = isoNow(deps.clock);
  const { totals, address } = quote;
  const order = await trx
    .insertInto("orders")
    .values({
      code,
      user_id: userId,
      idempotency_key: key,
      status: "pending",
      payment_status: payment.orderPaymentStatus,
      payment_method: payment.method,
      subtotal_pence: totals.subtotalPence,
      extras_pence: totals.extrasPence,
      shipping_pence: totals.shippingPence,
      discount_pence: totals.discountPence,
      tax_pence: 0,
      total_pence: totals.totalPence,
      promo_code: quote.promo?.promo.code ?? null,
      shipping_method: SHIPPING_METHOD.title,
      ship_label: address.label,
      ship_line1: address.line1,
      ship_line2: address.line2,
      ship_city: address.city,
      ship_postal_code: address.postal_code,
      ship_phone: address.phone,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordOrderEvent(trx, deps.clock, { orderId: order.id, status: "pending", actorUserId: null });
  await trx
    .insertInto("order_items")
    .values(
      quote.lines.map((line) => ({
        order_id: order.id,
        product_id: line.productId,
        variant_id: line.variantId,
        product_name: line.productName,
        product_image: line.image,
        variant_name: line.variantName,
        product_sku: line.variantSku,
        fit: line.fit,
        unit_price_pence: line.basePricePence,
        extra_price_pence: line.extraPricePence,
        quantity: line.quantity,
      })),
    )
    .execute();
  await trx
    .insertInto("payments")
    .values({
      order_id: order.id,
      gateway: deps.gateway.name,
      method: payment.method,
      status: payment.status,
      amount_pence: totals.totalPence,
      reference: payment.reference,
      card_last4: payment.cardLast4,
      checkout_url: payment.checkoutUrl ?? null,
      expires_at: payment.expiresAt ?? null,
      created_at: now,
    })
    .execute();

  const byVariant = new Map<number, { quantity: number; item: string }>();
  for (const line of quote.lines) {
    const taken = byVariant.get(line.variantId)?.quantity ?? 0;
    byVariant.set(line.variantId, { quantity: taken + line.quantity, item: `${line.productName} (${line.variantName})` });
  }
  for (const [variantId, { quantity, item }] of [...byVariant].sort(([a], [b]) => a - b)) {
    const taken = await trx
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "-", quantity) }))
      .where("id", "=", variantId)
      .where("stock", ">=", quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      const left = await trx.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirst();
      throw outOfStock(item, left?.stock ?? 0);
    }
  }
  const byProduct = new Map<number, number>();
  for (const line of quote.lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  for (const [productId, quantity] of [...byProduct].sort(([a], [b]) => a - b)) {
    await trx
      .updateTable("products")
      .set((eb) => ({ stock_total: eb("stock_total", "-", quantity), units_sold: eb("units_sold", "+", quantity) }))
      .where("id", "=", productId)
      .execute();
  }
  if (quote.promo) {
    await claimPromoUse(trx, quote.promo.promo, userId, order.id);
    await recordRedemption(trx, deps.clock, {
      promoId: quote.promo.promo.id,
      userId,
      orderId: order.id,
      discountPence: totals.discountPence,
    });
  }
  return order.id;
}

/**
 * After the commit: take the money and confirm the order; answers whether it did. A capture failure leaves the
 * order pending and authorised for the operator, and is logged.
 */
export async function captureOrder(
  deps: Pick<ApiDeps, "db" | "clock" | "logger"> & Partial<Pick<ApiDeps, "outbox">> & { gateway: CardGateway },
  orderId: number,
  reference: string,
  gatewayKey: string,
): Promise<boolean> {
  try {
    await deps.gateway.capture(reference, `${gatewayKey}:capture`);
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "capturing an authorised payment failed; the order stays authorised");
    return false;
  }
  await confirmPaidOrder(deps, orderId, "authorised");
  return true;
}

/**
 * THE way an order becomes paid and `confirmed`, whichever way the money came: a card captured after the order's
 * commit (checkout or the recovery pass), or a hosted checkout paid (its webhook or the shopper's return, whichever
 * comes first). One transaction whose first statement is conditional on the payment still being `from`, so of any
 * number of concurrent callers exactly one moves the order and is answered true; the others change nothing.
 * Whatever must happen once per confirmed order belongs in this transaction, behind that answer.
 */
export async function confirmPaidOrder(
  deps: Pick<ApiDeps, "db" | "clock"> & Partial<Pick<ApiDeps, "outbox">>,
  orderId: number,
  from: "authorised" | "open",
): Promise<boolean> {
  const confirmed = await transactionWithRetry(deps.db, async (trx) => {
    const taken = await trx
      .updateTable("payments")
      .set({ status: "captured" })
      .where("order_id", "=", orderId)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    const now = isoNow(deps.clock);
    await trx.updateTable("orders").set({ payment_status: "paid", updated_at: now }).where("id", "=", orderId).execute();
    // Captured money confirms the order, unless the operator has already moved it on.
    const moved = await trx
      .updateTable("orders")
      .set({ status: "confirmed" })
      .where("id", "=", orderId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) {
      await recordOrderEvent(trx, deps.clock, { orderId, status: "confirmed", actorUserId: null });
    }
    // The shopper's confirmation and the shop's notice of a new order.
    await enqueueOrderMail(trx, deps.clock, orderId, "placed");
    return true;
  });
  // Sent now by this process's outbox; from the operator CLI (no outbox), by a server's next pass.
  if (confirmed) deps.outbox?.kick();
  return confirmed;
}
