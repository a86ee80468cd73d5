import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for the few Stripe endpoints the shop calls, on a loopback port, so tests need no network:
 * coupons, Checkout Sessions (create, retrieve, expire), refunds (whole or partial, never more than is left of the
 * payment) and payment method configurations, plus the
 * hosted page a session's `url` opens. That page is a plain form: posting it pays the session, sends the
 * `checkout.session.completed` event (signed with the SDK's test header helper) to the shop, then redirects to
 * the session's success URL, so the flow works with JavaScript off. Expiring a session sends
 * `checkout.session.expired` likewise. Events go wherever `deliver` sends them (`webhookTo` posts them to a URL).
 * An `Idempotency-Key` replays the first answer given under it, and refuses other parameters, as Stripe does.
 */

export const FAKE_STRIPE_KEYS = { secretKey: "sk_test_fakestripe", webhookSecret: "whsec_fakestripe" } as const;

export interface FakeSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: "gbp";
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_method_types: string[];
  expires_at: number;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  /** What the shop asked for, kept for tests: each line's name, unit amount and quantity, shipping, coupon. */
  line_items_requested: { name: string; unit_amount: number; quantity: number }[];
  shipping_amount: number;
  discount_amount: number;
}

export type Delivery = (payload: string, signature: string) => Promise<void>;

/** Sends events to the shop's webhook endpoint over HTTP. */
export const webhookTo =
  (url: string): Delivery =>
  async (payload, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    await response.arrayBuffer();
  };

/** `a[b][0][c]=v` form fields, as the SDK encodes them, into nested objects (arrays stay objects keyed by index). */
function parseForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    for (const part of path.slice(0, -1)) node = node[part] ??= {};
    node[path.at(-1) as string] = value;
  }
  return root;
}

const listOf = (value: Record<string, any> | undefined) => Object.values(value ?? {});
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(options: { paypal?: boolean; deliver?: Delivery } = {}) {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, { id: string; amount_off: number }>();
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  /** Answers already given per idempotency key, with the parameters they answered, as Stripe replays them. */
  const answers = new Map<string, { status: number; body: unknown; params: string }>();
  /** `methodsRefused`: payment method configurations answer 403, as for a key without that permission. */
  const state = { paypal: options.paypal ?? false, methodsRefused: false, deliver: options.deliver, requests: 0 };
  let baseUrl = "";

  const event = async (type: string, session: FakeSession) => {
    if (!state.deliver) return;
    const payload = JSON.stringify({
      id: newId("evt"),
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: FAKE_STRIPE_KEYS.webhookSecret });
    await state.deliver(payload, signature);
  };

  const createSession = (form: Record<string, any>): FakeSession => {
    const lines = listOf(form.line_items).map((line) => ({
      name: String(line.price_data?.product_data?.name ?? ""),
      unit_amount: Number(line.price_data?.unit_amount),
      quantity: Number(line.quantity),
    }));
    const shipping = Number(listOf(form.shipping_options)[0]?.shipping_rate_data?.fixed_amount?.amount ?? 0);
    const couponId = listOf(form.discounts)[0]?.coupon as string | undefined;
    const discount = couponId ? (coupons.get(couponId)?.amount_off ?? 0) : 0;
    const subtotal = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    const id = newId("cs_test");
    const session: FakeSession = {
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: subtotal,
      amount_total: subtotal + shipping - discount,
      currency: "gbp",
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: form.metadata ?? {},
      payment_intent: null,
      payment_method_types: listOf(form.allowed_payment_method_types),
      expires_at: Number(form.expires_at),
      success_url: String(form.success_url),
      cancel_url: form.cancel_url ?? null,
      url: `${baseUrl}/pay/${id}`,
      line_items_requested: lines,
      shipping_amount: shipping,
      discount_amount: discount,
    };
    sessions.set(id, session);
    return session;
  };

  /** Pays an open session as the hosted page's form does, and tells the shop. */
  const pay = async (id: string) => {
    const session = sessions.get(id);
    if (session?.status !== "open") throw new Error(`session ${id} is not open`);
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: newId("pi"), url: null });
    await event("checkout.session.completed", session);
    return session;
  };

  const expire = async (id: string) => {
    const session = sessions.get(id);
    if (session?.status !== "open") return null;
    Object.assign(session, { status: "expired", url: null });
    await event("checkout.session.expired", session);
    return session;
  };

  const api = async (method: string, path: string, form: Record<string, any>): Promise<{ status: number; body: unknown }> => {
    const error = (status: number, message: string, code?: string) => ({
      status,
      body: { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } },
    });
    if (method === "POST" && path === "/v1/coupons") {
      const coupon = {
        id: newId("coupon"),
        object: "coupon",
        amount_off: Number(form.amount_off),
        currency: form.currency,
        duration: form.duration,
      };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const types = listOf(form.allowed_payment_method_types);
      if (types.includes("paypal") && !state.paypal) return error(400, "The payment method type paypal is not activated for your account.");
      return { status: 200, body: createSession(form) };
    }
    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return error(404, `No such checkout.session: '${sessionPath[1]}'`);
      if (method === "GET" && !sessionPath[2]) return { status: 200, body: session };
      if (method === "POST" && sessionPath[2]) {
        if (session.status !== "open") return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
        return { status: 200, body: await expire(session.id) };
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paid = [...sessions.values()].find((session) => session.payment_intent === form.payment_intent);
      if (!paid) return error(404, `No such payment_intent: '${form.payment_intent}'`);
      const refunded = refunds
        .filter((refund) => refund.payment_intent === form.payment_intent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const left = paid.amount_total - refunded;
      if (left <= 0) return error(400, `Charge for ${form.payment_intent} has already been refunded.`, "charge_already_refunded");
      // Without an amount Stripe refunds what is left; a partial refund may take no more than that.
      const amount = form.amount ? Number(form.amount) : left;
      if (!Number.isInteger(amount) || amount <= 0) return error(400, "Invalid positive integer", "parameter_invalid_integer");
      if (amount > left) {
        return error(
          400,
          `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
          "amount_too_large",
        );
      }
      const refund = { id: newId("re"), object: "refund", payment_intent: String(form.payment_intent), amount, status: "succeeded" };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === "GET" && path === "/v1/payment_method_configurations") {
      if (state.methodsRefused) {
        return error(
          403,
          "The provided key 'sk_test_****' does not have the required permissions for this endpoint on account 'acct_fake'.",
        );
      }
      const configuration = {
        id: "pmc_fake",
        object: "payment_method_configuration",
        active: true,
        is_default: true,
        paypal: { available: state.paypal },
      };
      return { status: 200, body: { object: "list", data: [configuration], has_more: false, url: path } };
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  };

  const hostedPage = (
    session: FakeSession,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe test checkout</title></head>
<body><main><h1>Pay £${(session.amount_total / 100).toFixed(2)}</h1>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
${session.cancel_url ? `<a href="${session.cancel_url}">Back</a>` : ""}</main></body></html>`;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? "/", baseUrl);
    const payPath = url.pathname.match(/^\/pay\/([\w]+)$/);
    if (payPath) {
      const session = sessions.get(payPath[1]);
      if (session?.status !== "open") {
        res.writeHead(410, { "content-type": "text/plain" }).end("This checkout is no longer open.");
        return;
      }
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostedPage(session));
        return;
      }
      await pay(session.id);
      res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
      return;
    }
    state.requests += 1;
    const key = req.headers["idempotency-key"];
    const replayKey = typeof key === "string" ? `${req.method} ${url.pathname} ${key}` : null;
    const earlier = replayKey ? answers.get(replayKey) : undefined;
    // A key reused with other parameters is refused, never answered with the first request's result.
    const answer =
      earlier && earlier.params !== body
        ? {
            status: 400,
            body: {
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            },
          }
        : (earlier ?? (await api(req.method ?? "GET", url.pathname, parseForm(body))));
    if (replayKey && !earlier) answers.set(replayKey, { ...answer, params: body });
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": newId("req") }).end(JSON.stringify(answer.body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    sessions,
    refunds,
    state,
    pay,
    expire,
    /** The only session the shop opened since the last call to it (tests open one at a time). */
    lastSession: () => [...sessions.values()].at(-1),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
