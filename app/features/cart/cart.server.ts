import { type Cookie, createCookie } from "react-router";
import { z } from "zod";
import { CART_MAX_LINES, CART_MAX_QUANTITY, DEFAULT_FIT } from "#contract/constants.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { PROMO_CODE_MAX } from "#contract/schemas/checkout.ts";
import { type ApiClient, asQuery } from "../../api-client/api.server.ts";
import { productSummaryListSchema } from "../../api-client/responses.server.ts";
import { CART_COOKIE, COOKIE_LIFETIME_DAYS, cookieMaxAgeSeconds, type ToastType } from "../../lib/constants.ts";
import { cookieSecrets, isSecureRequest, reportUnverifiedCookie } from "../../session/session.server.ts";
import { rememberVerified } from "../../session/verified-cookies.server.ts";
import {
  addLine,
  type CartChange,
  type CartLine,
  countItems,
  findLine,
  rematchVariant,
  removeLine,
  setLineQuantity,
  variantByChoice,
  variantForCard,
} from "./cart.ts";
import { CART_LABEL_MAX, type CartIntent } from "./cart-schema.ts";

/**
 * The cart cookie `__cart` (ARCHITECTURE "Sessions and state"): signed, HttpOnly, SameSite=Lax, Secure like
 * the session. It holds only choices, `[{ p, v, q, f?, c, s }]` (product, variant, quantity, fit when not the
 * default, colour, size), and every render refreshes them through `/public/products/bulk`.
 */
const storedLineSchema = z.object({
  p: z.number().int().positive(),
  v: z.number().int().positive(),
  q: z.number().int().min(1).max(CART_MAX_QUANTITY),
  f: z.string().min(1).max(CART_LABEL_MAX.fit).optional(),
  c: z.string().max(CART_LABEL_MAX.color),
  s: z.string().max(CART_LABEL_MAX.size),
});
type StoredLine = z.infer<typeof storedLineSchema>;

/** Browsers keep about 4096 bytes of name and value per cookie. */
const COOKIE_BYTES_MAX = 4000;

export function encodeLines(lines: readonly CartLine[]): StoredLine[] {
  return lines.map((line) => ({
    p: line.productId,
    v: line.variantId,
    q: line.quantity,
    ...(line.fit === DEFAULT_FIT.cart ? {} : { f: line.fit }),
    c: line.color,
    s: line.size,
  }));
}

/** Whatever the cookie held, as lines: anything malformed is left out, so a bad cookie is an empty cart, never an error. */
export function decodeLines(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const entry of value.slice(0, CART_MAX_LINES)) {
    const parsed = storedLineSchema.safeParse(entry);
    if (!parsed.success) continue;
    const { p, v, q, f, c, s } = parsed.data;
    lines.push({ productId: p, variantId: v, quantity: q, fit: f ?? DEFAULT_FIT.cart, color: c, size: s });
  }
  return lines;
}

export function createCartCookie(secrets: string[], secure: boolean): Cookie {
  return rememberVerified(
    createCookie(CART_COOKIE, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets,
      maxAge: cookieMaxAgeSeconds(COOKIE_LIFETIME_DAYS.cart),
    }),
    reportUnverifiedCookie,
  );
}

const secureCartCookie = createCartCookie(cookieSecrets, true);
const plainCartCookie = createCartCookie(cookieSecrets, false);
const cartCookieFor = (request: Request) => (isSecureRequest(request) ? secureCartCookie : plainCartCookie);

/**
 * Everything the cart cookie keeps: the lines, the promo code applied to them (only the code: every page that
 * prices the cart asks the API again), and the saving of a code just applied, shown once as a congratulation.
 */
export interface CartState {
  lines: CartLine[];
  promoCode: string | null;
  /** The saving (GBP, two decimals) of the code just applied; cleared by the page that shows it. */
  celebrate: string | null;
}

const storedExtrasSchema = z.object({
  p: z.string().min(1).max(PROMO_CODE_MAX).optional(),
  c: z
    .string()
    .regex(/^\d{1,7}\.\d{2}$/)
    .optional(),
});

/** The cookie's value as a state: a bare array is lines alone (as first stored); anything malformed is an empty cart. */
export function decodeCartState(value: unknown): CartState {
  if (Array.isArray(value)) return { lines: decodeLines(value), promoCode: null, celebrate: null };
  if (!value || typeof value !== "object") return { lines: [], promoCode: null, celebrate: null };
  const lines = decodeLines((value as { l?: unknown }).l);
  const extras = storedExtrasSchema.safeParse(value);
  const promoCode = lines.length > 0 && extras.success ? (extras.data.p ?? null) : null;
  return { lines, promoCode, celebrate: promoCode && extras.success ? (extras.data.c ?? null) : null };
}

export async function readCartStateFrom(cookie: Cookie, cookieHeader: string | null): Promise<CartState> {
  return decodeCartState(await cookie.parse(cookieHeader));
}

export const readCartFrom = async (cookie: Cookie, cookieHeader: string | null): Promise<CartLine[]> =>
  (await readCartStateFrom(cookie, cookieHeader)).lines;

/** The `Set-Cookie` value storing `state`; null when it would not fit in a cookie. An empty cart keeps nothing. */
export async function serializeCartStateFor(cookie: Cookie, state: CartState): Promise<string | null> {
  if (state.lines.length === 0) return cookie.serialize("", { maxAge: 0 });
  const value = state.promoCode
    ? { l: encodeLines(state.lines), p: state.promoCode, ...(state.celebrate ? { c: state.celebrate } : {}) }
    : encodeLines(state.lines);
  const header = await cookie.serialize(value);
  return header.split(";")[0].length > COOKIE_BYTES_MAX ? null : header;
}

export const serializeCartFor = (cookie: Cookie, lines: readonly CartLine[]) =>
  serializeCartStateFor(cookie, { lines: [...lines], promoCode: null, celebrate: null });

export const readCartState = (request: Request) => readCartStateFrom(cartCookieFor(request), request.headers.get("cookie"));
export const readCart = async (request: Request) => (await readCartState(request)).lines;
export const serializeCartState = (request: Request, state: CartState) => serializeCartStateFor(cartCookieFor(request), state);
/** Stores new lines, keeping the promo code the request's cookie holds (every change re-validates it when priced). */
export const serializeCart = async (request: Request, lines: readonly CartLine[]) =>
  serializeCartState(request, { ...(await readCartState(request)), lines: [...lines], celebrate: null });

/** The header badge count, from the cookie alone (no API call on every page). */
export async function readCartCount(request: Request): Promise<number> {
  return countItems(await readCart(request));
}

/** Fresh name, price, image, variants and stock for the given products; null when the API cannot answer. */
export async function fetchCartProducts(api: ApiClient, productIds: readonly number[]): Promise<ProductSummaryDto[] | null> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const outcome = await api({ send: (c) => c.public.products.bulk.$get({ query: asQuery({ ids }) }), schema: productSummaryListSchema });
  return outcome.ok ? outcome.data : null;
}

export interface CartOutcome {
  /** The lines to store; null leaves the cookie as it is. */
  lines: CartLine[] | null;
  toast: { type: ToastType; message: string } | null;
}

const refuse = (message: string): CartOutcome => ({ lines: null, toast: { type: "error", message } });

/**
 * One cart intent against fresh stock (never the form's). Success toasts '<name> added to cart!' whenever the
 * item count grows; refusals toast the cart's refusal texts and leave the cart as it was.
 */
export async function applyCartIntent(api: ApiClient, lines: CartLine[], intent: CartIntent): Promise<CartOutcome> {
  switch (intent.intent) {
    case "add":
      return add(api, lines, intent);
    case "set":
    case "increment":
    case "decrement":
      return changeQuantity(api, lines, intent);
    case "remove":
      return { lines: removeLine(lines, intent.lineId), toast: null };
    case "clear":
      return { lines: [], toast: null };
  }
}

async function add(api: ApiClient, lines: CartLine[], intent: Extract<CartIntent, { intent: "add" }>): Promise<CartOutcome> {
  const fromDetail = intent.source === "detail";
  if (fromDetail && (!intent.color || !intent.size)) return refuse(MSG.cart.selectSizeAndColor);
  const products = await fetchCartProducts(api, [intent.productId]);
  const product = products?.find((candidate) => candidate.id === intent.productId);
  if (!product) return refuse(MSG.cart.addFailed);
  const variant =
    fromDetail && intent.color && intent.size
      ? variantByChoice(product, intent.color, intent.size)
      : variantForCard(product, intent.variantId);
  if (!variant) return refuse(MSG.cart.variantNotFound);

  const line: CartLine = {
    productId: product.id,
    variantId: variant.id,
    quantity: intent.quantity,
    fit: intent.fit ?? DEFAULT_FIT.cart,
    color: variant.color_name,
    size: variant.size,
  };
  const stockMessage = fromDetail ? MSG.cart.onlyNInStockDetail : MSG.cart.onlyNInStock;
  return settle(lines, addLine(lines, line, variant.stock), product.name, stockMessage);
}

async function changeQuantity(
  api: ApiClient,
  lines: CartLine[],
  intent: Extract<CartIntent, { intent: "set" | "increment" | "decrement" }>,
): Promise<CartOutcome> {
  const line = findLine(lines, intent.lineId);
  if (!line) return refuse(MSG.cart.itemMissing);
  const target = intent.intent === "set" ? intent.quantity : intent.intent === "increment" ? line.quantity + 1 : line.quantity - 1;
  // A line stays at 1 or more (Remove takes it out), before any stock is read.
  if (target < 1) return refuse(MSG.cart.quantityBelowOne);

  const products = await fetchCartProducts(api, [line.productId]);
  if (!products) return refuse(MSG.catalogue.cartProductsFailed);
  const product = products.find((candidate) => candidate.id === line.productId);
  const variant = product && rematchVariant(product, line);
  if (!product || !variant) return { lines: removeLine(lines, intent.lineId), toast: { type: "info", message: MSG.cart.linesRemoved } };
  return settle(lines, setLineQuantity(lines, intent.lineId, target, variant.stock), product.name, MSG.cart.onlyNForVariant);
}

function settle(
  before: readonly CartLine[],
  change: CartChange,
  productName: string,
  stockMessage: (available: number) => string,
): CartOutcome {
  if (!change.ok) {
    if (change.reason === "stock") return refuse(stockMessage(change.available));
    if (change.reason === "belowOne") return refuse(MSG.cart.quantityBelowOne);
    return refuse(change.reason === "full" ? MSG.cart.full(CART_MAX_LINES) : MSG.cart.itemMissing);
  }
  const grew = countItems(change.lines) > countItems(before);
  return { lines: change.lines, toast: grew ? { type: "cart", message: `${productName} ${MSG.cart.addedSuffix}` } : null };
}
