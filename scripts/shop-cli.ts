/** Operator commands: `npm run shop -- <command>` against DATABASE_URL (default data/shop.db). */
import { existsSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pino from "pino";
import { accountIdByEmail, eraseAccount, exportAccountDataAudited } from "#api/account/account.service.ts";
import { adminOrderDetail } from "#api/admin/admin-orders.service.ts";
import type { AuditActor } from "#api/admin/audit.ts";
import { listAuditLog } from "#api/admin/audit-log.service.ts";
import { createOperator, type OperatorCreation } from "#api/admin/operators.ts";
import { exportOrders } from "#api/admin/orders-export.service.ts";
import { findStockDrift } from "#api/catalogue/stock-totals.ts";
import { type BackendConfig, readBackendConfig } from "#api/config.ts";
import { systemClock } from "#api/core/clock.ts";
import { ApiError } from "#api/core/errors.ts";
import { connect, type Db, sqliteFileOf } from "#api/db/connect.ts";
import { countRows } from "#api/db/count.ts";
import { pendingMigrations } from "#api/db/migrate.ts";
import { prepareDatabase } from "#api/db/prepare.ts";
import { importProducts } from "#api/operator/product-import.ts";
import { createPromo, disablePromo, listPromos, newPromoSchema } from "#api/operator/promo-admin.ts";
import { repairStockDrift, setVariantStock } from "#api/operator/stock.ts";
import { changeOrderStatus, listOrders, type MoneyBack, type StatusChange } from "#api/orders/orders.service.ts";
import { createGateway } from "#api/payments/gateway.ts";
import { OPEN_CHECKOUT_CHECK_MS } from "#api/payments/hosted-checkout.service.ts";
import {
  type HeldPayment,
  listPendingPayments,
  type RecoveryOutcome,
  type ReturnedMoney,
  STUCK_ATTEMPT_AGE_MS,
  settleStuckPayments,
} from "#api/payments/payment-recovery.ts";
import type { RetriedRefund } from "#api/payments/refunds.ts";
import {
  adminReturnDetail,
  listReturns,
  openClaim,
  receiveReturn,
  refundReturn,
  rejectReturn,
  shipReturn,
} from "#api/returns/return-operations.ts";
import { ageText } from "#contract/age.ts";
import { CARRIER_IDS, trackingUrl } from "#contract/carriers.ts";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "#contract/checkout.ts";
import { OPERATOR_LIMITS, ORDERS_EXPORT_MAX_DAYS, PAGE_SIZE, PASSWORD_MAX } from "#contract/constants.ts";
import type { AdminOrderDetailDto } from "#contract/dto/admin.ts";
import type { AdminReturnDto } from "#contract/dto/returns.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp, toPence } from "#contract/money.ts";
import { ordersCsv } from "#contract/orders-export.ts";
import {
  CLAIM_OUTCOME_IDS,
  CLAIM_REASON_IDS,
  CLAIMABLE_ORDER_STATUSES,
  DIFFERENCE_STATUS_NAMES,
  RETURN_KINDS,
  RETURN_LIMITS,
  RETURN_STATES,
} from "#contract/returns.ts";
import { auditListQuery } from "#contract/schemas/admin-audit.ts";
import { orderExportQuery, shipOrderSchema } from "#contract/schemas/admin-orders.ts";
import { emailRequestSchema, signupSchema } from "#contract/schemas/auth.ts";
import {
  adminReturnListQuery,
  claimRequestSchema,
  receiveReturnSchema,
  refundReturnSchema,
  rejectReturnSchema,
  returnCodeParam,
} from "#contract/schemas/returns.ts";
import { InvalidSettingsError } from "#contract/settings.ts";
import { readSecretLines, SecretInputError } from "./read-secret-lines.ts";

/** A wrong invocation: the message and the command's usage go to stderr, exit code 2. */
class UsageError extends Error {}

interface Command {
  summary: string;
  usage: string;
  options?: NonNullable<Parameters<typeof parseArgs>[0]>["options"];
  /** How many positional arguments it takes at most; more is a wrong invocation, not something to ignore. */
  maxPositionals: number;
  /** migrate and seed make the schema; every other command needs it made, and opens no database that is not there. */
  makesSchema?: true;
  run(
    db: Db,
    args: { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] },
    config: BackendConfig,
    stdin: NodeJS.ReadableStream,
  ): Promise<number>;
}

const gbp = (pence: number) => `£${toGbp(pence).toFixed(2)}`;
/** An amount the API answers in pounds, as the CLI prints money. */
const pounds = (amount: number) => `£${amount.toFixed(2)}`;
/** Every whole number a command takes, checked against its bounds: nothing out of range reaches the database. */
const wholeNumber = (value: string | undefined, name: string, { min = 0, max }: { min?: number; max: number }) => {
  const number = value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) throw new UsageError(`${name} must be a whole number from ${min} to ${max}`);
  return number;
};
/** The command-line spelling of a schema field: minBasket is --min-basket. */
const optionName = (field: PropertyKey | undefined) => `--${String(field ?? "").replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
/** ORDER_TRANSITIONS as the help text says them: "pending -> processing | cancelled; ...". */
const allowedTransitions = Object.entries(ORDER_TRANSITIONS)
  .filter(([, next]) => next.length > 0)
  .map(([from, next]) => `${from} -> ${next.join(" | ")}`)
  .join("; ");

/** How long ago `iso` was, as an operator reads it: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
const ageOf = (iso: string) => ageText(iso, systemClock.now());

/** What payments:settle says it did with an attempt. */
const SETTLED: Record<RecoveryOutcome, string> = {
  captured: "captured; the order is confirmed and paid",
  capture_failed: "the capture or the order's confirmation failed; the next pass tries again (see the log)",
  order_settled: "its order was settled already",
  voided: "no order; the authorisation is voided and the attempt failed",
  void_failed: "no order; voiding the authorisation failed, the next pass tries again (see the log)",
  failed: "no order and nothing authorised; the attempt failed",
};

/** What payments:settle says it did with an order whose payment was held but not confirmed. */
const HELD: Record<HeldPayment["outcome"], string> = {
  captured: "its held payment is captured; the order is confirmed and paid, and the shopper is e-mailed",
  capture_failed: "its payment is still held; the capture or the confirmation failed, the next pass tries again (see the log)",
};

const RETURNED: Record<ReturnedMoney["outcome"], string> = {
  refunded: "refunded; the shopper is e-mailed",
  voided: "the held payment is released",
  failed: "the payment provider refused again; the next pass tries again (see the log)",
};

/** What payments:settle says of a return's or claim's refund left pending that it asked the provider for again. */
const RETRIED: Record<RetriedRefund["outcome"], string> = {
  refunded: "refunded; the shopper is e-mailed",
  failed: "the payment provider refused again; the next pass tries again (see the log)",
};

/** What may follow `from`, as a refusal ends: " (next: processing or cancelled)", or that it is final. */
const nextStatuses = (from: OrderStatus) => {
  const next = ORDER_TRANSITIONS[from];
  return next.length === 0 ? ` (${from} is final)` : ` (next: ${next.join(" or ")})`;
};

const orderStatus = (value: string | undefined, name: string): OrderStatus => {
  if (!ORDER_STATUSES.includes(value as OrderStatus)) throw new UsageError(`${name} must be one of: ${ORDER_STATUSES.join(", ")}`);
  return value as OrderStatus;
};

/** What order:status and order:ship say of a move; answers the exit code. */
/** What a command that gives money back says when the provider did not: the refund stands, pending, and is retried. */
const refundPendingLine = (failure: unknown, pence?: number) =>
  `Refund${pence === undefined ? "" : ` of ${gbp(pence)}`} pending (will retry): the payment provider said ${String(failure)}; the recovery pass tries again every minute (payments:pending lists it).`;

/** What went back to the shopper when an order was cancelled. */
const moneyBackLine = (money: MoneyBack) =>
  money.status === "refunded"
    ? `Refund issued: ${gbp(money.pence)} to the shopper's payment method.`
    : `Payment released: ${gbp(money.pence)} was only held, never taken.`;

const units = (count: number) => `${count} unit${count === 1 ? "" : "s"}`;

/** Units a return's exchange or a claim's replacement holds from stock (until shipped, or released by a rejection). */
const heldUnits = (ret: AdminReturnDto) =>
  ret.items.filter((item) => item.exchange_variant_name !== null).reduce((sum, item) => sum + item.quantity, 0);

/** What order:status adds when an order that has shipped is to be cancelled: how its money goes back instead. */
const moneyBackAfterShipping = (code: string) =>
  `Its money goes back through its return (returns:list --search ${code}, then return:refund) or a claim (claim:open ${code} --help).`;

function reportMove(code: string, target: OrderStatus, result: StatusChange): number {
  if (result.ok) {
    console.log(`Order ${code}: ${result.from} -> ${result.to}.`);
    if (result.restockedUnits !== undefined) console.log(`Restocked ${units(result.restockedUnits)}.`);
    if (result.refundFailure !== undefined) console.log(refundPendingLine(result.refundFailure));
    else if (result.moneyBack) console.log(moneyBackLine(result.moneyBack));
    else if (result.moneyBack === null) console.log("No money to give back: nothing was paid, or it went back already.");
    return 0;
  }
  if (result.reason === "not_found") console.error(`No order ${code}.`);
  else if (result.reason === "shipment_required") console.error("Shipping needs the carrier and tracking number: use order:ship.");
  else {
    console.error(`Order ${code} is ${result.from}; it cannot become ${target}${nextStatuses(result.from)}.`);
    if (target === "cancelled" && (CLAIMABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(result.from))
      console.error(moneyBackAfterShipping(code));
  }
  return 1;
}

/** order:show's text: the facts of the back office's order page, one block each. */
function describeOrder(order: AdminOrderDetailDto): string {
  const address = order.shipping_address;
  const payment = order.payment;
  const lines = [
    `Order ${order.code}, placed ${order.created_at}`,
    `Status: ${order.status}${nextStatuses(order.status)}`,
    `Customer: ${order.customer.name} <${order.customer.email}>`,
    `Ship to: ${[address.label, address.line1, address.line2, address.city, address.postal_code].filter(Boolean).join(", ")}; phone ${address.phone}`,
    `Shipping: ${order.shipping_method}`,
    `Payment: ${payment.method_name}, ${payment.status}${payment.gateway ? `, ${payment.gateway} reference ${payment.reference}` : ""}${payment.card_last4 ? `, card ending ${payment.card_last4}` : ""}`,
    "Items:",
    ...order.items.map(
      (item) =>
        `  [item ${item.id}] ${item.quantity} x ${item.product_name}${item.variant_name ? ` (${item.variant_name})` : ""}, SKU ${item.sku}: ${pounds(item.unit_price)} each, ${pounds(item.line_total)}; ${item.returnable_quantity} left to return or claim`,
    ),
    `Totals: subtotal ${pounds(order.totals.subtotal)}, shipping ${pounds(order.totals.shipping)}, discount ${pounds(order.totals.discount)}${order.totals.promo_code ? ` (${order.totals.promo_code})` : ""}, total ${pounds(order.totals.total)}`,
  ];
  if (order.returns.length > 0) {
    lines.push(
      "Returns and claims:",
      ...order.returns.map((ret) => `  ${ret.code} (${ret.kind}), ${ret.state_name}, opened ${ret.created_at}`),
    );
  }
  if (order.shipment) {
    const { carrier_name, tracking_number, tracking_url, shipped_at } = order.shipment;
    lines.push(`Shipped: ${shipped_at} with ${carrier_name}, tracking ${tracking_number} (${tracking_url})`);
  }
  lines.push(
    "History:",
    ...order.history.map(
      (event) => `  ${event.at} ${event.status}, by ${event.actor ? event.actor.email : "the shop"}${event.note ? ` (${event.note})` : ""}`,
    ),
  );
  return lines.join("\n");
}

/** What operator:create says it did. */
const OPERATOR_CREATED: Record<OperatorCreation, (email: string) => string> = {
  created: (email) => `Created operator ${email}; they sign in at /signin and work at /admin.`,
  promoted: (email) =>
    `${email} was a shopper's account: it is now an operator's, with the password you typed; its sessions were signed out.`,
  already_operator: (email) => `${email} is already an operator; nothing changed.`,
};

/** The audit log's name for what the CLI does: the system user who ran it (the CLI has no operator account). */
const cliActor = (): AuditActor => ({ id: null, email: `shop-cli:${userInfo().username}` });
/** Log lines of the commands that talk to a provider: JSON on stderr, so stdout keeps the command's own answer. */
const cliLogger = (config: BackendConfig) => pino({ level: config.LOG_LEVEL }, pino.destination(2));

/** The account of the e-mail a customer:* command names; a wrong invocation for a malformed one. */
async function customerAccount(db: Db, command: string, email: string | undefined) {
  if (!email) throw new UsageError(`${command} needs the customer's e-mail`);
  const parsed = emailRequestSchema.safeParse({ email });
  if (!parsed.success) throw new UsageError(`${command}: ${parsed.error.issues[0]?.message}`);
  return { email: parsed.data.email, id: await accountIdByEmail(db, parsed.data.email) };
}

/** A return code as given on the command line (any case); a wrong invocation when it cannot be one. */
function returnCode(command: string, value: string | undefined): string {
  if (!value) throw new UsageError(`${command} needs a return code`);
  const parsed = returnCodeParam.safeParse({ code: value });
  if (!parsed.success) throw new UsageError(`${command}: ${parsed.error.issues[0]?.message}`);
  return parsed.data.code;
}

/** The schema's problems as a wrong invocation, each named by the option it came from. */
function optionProblems(issues: readonly { path: PropertyKey[]; message: string }[], names: Record<string, string>): UsageError {
  return new UsageError(issues.map((issue) => `${names[String(issue.path[0])] ?? optionName(issue.path[0])}: ${issue.message}`).join("\n"));
}

/** The steps a return is open to, as a line ends: " (next: refund or ship)", or that nothing is left to do. */
const nextSteps = (ret: AdminReturnDto) =>
  ret.next_steps.length === 0 ? " (nothing left to do)" : ` (next: ${ret.next_steps.map((step) => `return:${step}`).join(" or ")})`;

/** return:show's text: the facts of the back office's return page, one block each. */
function describeReturn(ret: AdminReturnDto): string {
  const lines = [
    `${ret.kind === "claim" ? "Claim" : "Return"} ${ret.code} on order ${ret.order_code}, opened ${ret.created_at}${ret.opened_by ? ` by ${ret.opened_by}` : ""}`,
    `State: ${ret.state}${nextSteps(ret)}`,
    `Customer: ${ret.customer.name} <${ret.customer.email}>`,
    `Reason: ${ret.reason_name}${ret.kind === "claim" ? `; goods ${ret.goods_back ? "to come back" : "not coming back"}` : ""}`,
  ];
  if (ret.note) lines.push(`Note: ${ret.note}`);
  lines.push(
    "Items (id: what):",
    ...ret.items.map((item) => {
      const instead = item.resolution === "exchange" ? `exchange for ${item.exchange_variant_name ?? "?"}` : "refund";
      const stock = item.restocked === null ? "" : item.restocked ? ", restocked" : ", not restocked";
      return `  ${item.id}: ${item.quantity} x ${item.product_name}${item.variant_name ? ` (${item.variant_name})` : ""}, SKU ${item.product_sku}, ${pounds(item.unit_paid)} each paid: ${instead}${stock}`;
    }),
    `Money: due ${pounds(ret.refund_due)}, refunded ${pounds(ret.refunded)}${ret.refund_pending > 0 ? `, pending at the provider ${pounds(ret.refund_pending)}` : ""}; left to refund on the order ${pounds(ret.refundable)}`,
  );
  if (ret.difference) {
    const { amount, status, due_by } = ret.difference;
    lines.push(`Price difference: ${pounds(amount)} ${DIFFERENCE_STATUS_NAMES[status]}${due_by ? ` by ${due_by}` : ""}`);
  }
  if (ret.received_at) lines.push(`Received: ${ret.received_at}`);
  if (ret.refunded_at) lines.push(`Refunded: ${ret.refunded_at}`);
  if (ret.shipment && ret.shipped_at) {
    const { carrier_name, tracking_number, tracking_url } = ret.shipment;
    lines.push(`Shipped: ${ret.shipped_at} with ${carrier_name}, tracking ${tracking_number} (${tracking_url})`);
  }
  if (ret.rejection_reason) lines.push(`Rejected: ${ret.rejection_reason}`);
  return lines.join("\n");
}

/** What a step on a return says it did: the return's code, its state now and what may follow. */
const reportStep = (ret: AdminReturnDto, done: string) =>
  console.log(`${ret.kind === "claim" ? "Claim" : "Return"} ${ret.code}: ${done}; now ${ret.state}${nextSteps(ret)}.`);

/** claim:open's `--item ID:QTY`: an order item's id and how many of it. */
function claimItems(values: string[] | undefined) {
  if (!values || values.length === 0) throw new UsageError("claim:open needs at least one --item ORDER_ITEM_ID:QTY");
  return values.map((value) => {
    const match = /^(\d{1,16}):(\d{1,6})$/.exec(value);
    if (!match) throw new UsageError(`--item ${value}: write the order item's id and the quantity, such as --item 12:1`);
    return { order_item_id: match[1], quantity: match[2] };
  });
}

const commands: Record<string, Command> = {
  migrate: {
    summary: "bring the database schema up to date",
    usage: "migrate",
    maxPositionals: 0,
    makesSchema: true,
    async run(db) {
      await prepareDatabase(db, { seedDemo: false });
      console.log("Database is up to date.");
      return 0;
    },
  },

  seed: {
    summary: "migrate, then seed the demo catalogue if the database is empty",
    usage: "seed",
    maxPositionals: 0,
    makesSchema: true,
    async run(db) {
      const { seeded } = await prepareDatabase(db, { seedDemo: true });
      console.log(seeded ? "Seeded the demo catalogue." : "The catalogue is not empty; nothing seeded.");
      return 0;
    },
  },

  backup: {
    summary: "write a consistent copy of the SQLite database to <file> (PostgreSQL: use pg_dump)",
    usage: "backup <file>",
    maxPositionals: 1,
    async run(db, { positionals: [file] }) {
      if (!file) throw new UsageError("backup needs a target file");
      if (db.dialect === "postgres") {
        console.error(
          'This is a PostgreSQL database: back it up with pg_dump, e.g. pg_dump --format=custom --file=shop.dump "$DATABASE_URL".',
        );
        return 1;
      }
      const target = resolve(file);
      if (existsSync(target)) {
        console.error(`${target} already exists; choose a new file.`);
        return 1;
      }
      // VACUUM INTO writes a consistent, compacted snapshot while other connections keep reading and writing.
      await sql`VACUUM INTO ${target}`.execute(db.kysely);
      console.log(`Backed up to ${target}.`);
      return 0;
    },
  },

  stats: {
    summary: "count products, variants, users and orders",
    usage: "stats",
    maxPositionals: 0,
    async run(db) {
      const count = (table: "products" | "product_variants" | "users" | "orders") => countRows(db, table);
      console.table({
        products: await count("products"),
        variants: await count("product_variants"),
        users: await count("users"),
        orders: await count("orders"),
      });
      return 0;
    },
  },

  "promo:create": {
    summary: "create a promo code",
    usage: `promo:create --code CODE --type percentage|fixed --value N [options]

  --value N            percent (1-100) for percentage codes, pounds for fixed ones
  --min-basket GBP     smallest basket (goods, without shipping) the code applies to
  --starts DATE        first moment the code works (ISO date or time, UTC)
  --ends DATE          moment the code stops working
  --usage-limit N      redemptions allowed in total
  --per-customer N     redemptions allowed per customer
  --first-purchase     only a customer's first order
  --description TEXT   shown with the code (default: made from the rules)`,
    maxPositionals: 0,
    options: {
      code: { type: "string" },
      type: { type: "string" },
      value: { type: "string" },
      "min-basket": { type: "string" },
      starts: { type: "string" },
      ends: { type: "string" },
      "usage-limit": { type: "string" },
      "per-customer": { type: "string" },
      "first-purchase": { type: "boolean" },
      description: { type: "string" },
    },
    async run(db, { values }) {
      const parsed = newPromoSchema.safeParse({
        code: values.code,
        type: values.type,
        value: values.value,
        description: values.description,
        minBasket: values["min-basket"],
        starts: values.starts,
        ends: values.ends,
        usageLimit: values["usage-limit"],
        perCustomer: values["per-customer"],
        firstPurchase: values["first-purchase"] ?? false,
      });
      if (!parsed.success) {
        throw new UsageError(parsed.error.issues.map((issue) => `${optionName(issue.path[0])}: ${issue.message}`).join("\n"));
      }
      if (!(await createPromo(db.kysely, parsed.data))) {
        console.error(`A promo code ${parsed.data.code} already exists.`);
        return 1;
      }
      console.log(`Created promo code ${parsed.data.code}.`);
      return 0;
    },
  },

  "promo:list": {
    summary: "list promo codes with their rules and uses",
    usage: "promo:list",
    maxPositionals: 0,
    async run(db) {
      const promos = await listPromos(db);
      if (promos.length === 0) {
        console.log("No promo codes.");
        return 0;
      }
      console.table(
        promos.map((promo) => ({
          code: promo.code,
          active: promo.active === 1 ? "yes" : "no",
          discount: promo.discount_type === "percentage" ? `${promo.discount_value}%` : gbp(promo.discount_value),
          "min basket": gbp(promo.min_basket_pence),
          window: `${promo.starts_at ?? "-"} .. ${promo.ends_at ?? "-"}`,
          used: promo.usage_limit === null ? `${promo.times_used}` : `${promo.times_used}/${promo.usage_limit}`,
          "per customer": promo.per_customer_limit ?? "-",
          "first purchase": promo.first_purchase_only === 1 ? "yes" : "no",
        })),
      );
      return 0;
    },
  },

  "promo:disable": {
    summary: "deactivate a promo code",
    usage: "promo:disable <code>",
    maxPositionals: 1,
    async run(db, { positionals: [code] }) {
      if (!code) throw new UsageError("promo:disable needs a code");
      if (!(await disablePromo(db.kysely, code))) {
        console.error(`No promo code ${code.toUpperCase()}.`);
        return 1;
      }
      console.log(`Disabled promo code ${code.toUpperCase()}.`);
      return 0;
    },
  },

  "operator:create": {
    summary: "create a back-office operator (or make a shopper's account one); the password is read from standard input",
    usage: `operator:create --email EMAIL --name NAME

The password is read from standard input, twice (typed at a prompt without echo, or piped as two lines);
it is never an argument, so it stays out of the shell history and the process list.
An existing shopper's account with that e-mail becomes an operator's, with the new password.`,
    maxPositionals: 0,
    options: { email: { type: "string" }, name: { type: "string" } },
    async run(db, { values }, _config, stdin) {
      if (values.email === undefined || values.name === undefined) throw new UsageError("operator:create needs --email and --name");
      const account = signupSchema.shape;
      const email = account.email.safeParse(values.email);
      const name = account.name.safeParse(values.name);
      if (!email.success || !name.success) {
        const problem = email.error ? `--email: ${email.error.issues[0]?.message}` : `--name: ${name.error?.issues[0]?.message}`;
        throw new UsageError(problem);
      }
      let typed: string[] | null;
      try {
        typed = await readSecretLines(stdin, ["Password: ", "Password again: "], PASSWORD_MAX);
      } catch (error) {
        if (!(error instanceof SecretInputError)) throw error;
        console.error(`Password refused: ${error.message}. Nothing changed.`);
        return 1;
      }
      if (!typed) {
        console.error("operator:create needs the password twice on standard input (two lines). Nothing changed.");
        return 1;
      }
      const [password = "", confirmation = ""] = typed;
      const checked = signupSchema.safeParse({ name: name.data, email: email.data, password, confirmPassword: confirmation });
      if (!checked.success) {
        console.error(`Password refused: ${checked.error.issues.map((issue) => issue.message).join("; ")}. Nothing changed.`);
        return 1;
      }
      const outcome = await createOperator(db, systemClock, { name: name.data, email: email.data, password });
      const message = OPERATOR_CREATED[outcome](email.data);
      if (outcome === "already_operator") {
        console.error(message);
        return 1;
      }
      console.log(message);
      return 0;
    },
  },

  "orders:list": {
    summary: "list the newest orders, optionally of one status",
    usage: `orders:list [--status STATUS] [--limit N]

  --status STATUS   one of ${ORDER_STATUSES.join(", ")}
  --limit N         how many (default 50, at most ${OPERATOR_LIMITS.count})`,
    maxPositionals: 0,
    options: { status: { type: "string" }, limit: { type: "string" } },
    async run(db, { values }) {
      const status = values.status === undefined ? undefined : orderStatus(values.status as string, "--status");
      const limit =
        values.limit === undefined ? 50 : wholeNumber(values.limit as string, "--limit", { min: 1, max: OPERATOR_LIMITS.count });
      const orders = await listOrders(db, { status, limit });
      if (orders.length === 0) {
        console.log(status ? `No ${status} orders.` : "No orders.");
        return 0;
      }
      console.table(
        orders.map((order) => ({
          code: order.code,
          placed: order.created_at,
          status: order.status,
          payment: order.payment_status,
          total: gbp(order.total_pence),
          customer: order.email,
        })),
      );
      return 0;
    },
  },

  "orders:export": {
    summary: "write the orders placed on a range of days as CSV, for the accounts (as the back office's export)",
    usage: `orders:export --from YYYY-MM-DD --to YYYY-MM-DD

  --from DAY   the first day (UTC) whose orders are written
  --to DAY     the last day (UTC), at most ${ORDERS_EXPORT_MAX_DAYS} days after --from, both counted
Writes CSV to standard output (npm run shop -- orders:export ... > orders.csv): one row per order, oldest first:
${MSG.admin.orders.exportHeader.join(",")}. A cell a spreadsheet would read as a formula starts with '.`,
    maxPositionals: 0,
    options: { from: { type: "string" }, to: { type: "string" } },
    async run(db, { values }) {
      const range = orderExportQuery.safeParse({ from: values.from, to: values.to });
      if (!range.success) throw optionProblems(range.error.issues, {});
      process.stdout.write(ordersCsv(await exportOrders(db, range.data)));
      return 0;
    },
  },

  "order:show": {
    summary: "show one order in full: items, address, customer, payment, totals, shipment, history",
    usage: "order:show <order code>",
    maxPositionals: 1,
    async run(db, { positionals: [code] }) {
      if (!code) throw new UsageError("order:show needs an order code");
      const order = await adminOrderDetail(db, code.trim().toUpperCase());
      if (!order) {
        console.error(`No order ${code.toUpperCase()}.`);
        return 1;
      }
      console.log(describeOrder(order));
      return 0;
    },
  },

  "order:status": {
    summary: `move an order to another status (${ORDER_STATUSES.filter((status) => status !== "shipped").join(", ")}; shipped: order:ship)`,
    usage: `order:status <order code> <status>

Allowed: ${allowedTransitions}.
A paid order starts confirmed (pending while its payment is only authorised).
Shipping needs the carrier and tracking number: use order:ship.
Cancelling returns the items to stock and refunds the payment. An order that has shipped is not cancelled:
its money goes back through a return (return:refund) or a claim (claim:open).`,
    maxPositionals: 2,
    async run(db, { positionals: [code, status] }, config) {
      if (!code || !status) throw new UsageError("order:status needs an order code and a status");
      const target = orderStatus(status, "status");
      const orderCode = code.trim().toUpperCase();
      if (target === "shipped") {
        console.error(`Shipping needs the carrier and tracking number: npm run shop -- order:ship ${orderCode} --carrier C --tracking T`);
        return 1;
      }
      const gateway = createGateway(config);
      return reportMove(orderCode, target, await changeOrderStatus(db, systemClock, gateway, orderCode, target));
    },
  },

  "order:ship": {
    summary: "mark a processing order shipped, with its carrier and tracking number",
    usage: `order:ship <order code> --carrier CARRIER --tracking NUMBER

  --carrier CARRIER   one of ${CARRIER_IDS.join(", ")}
  --tracking NUMBER   as the carrier printed it: 8 to 30 letters and digits (spaces are dropped)`,
    maxPositionals: 1,
    options: { carrier: { type: "string" }, tracking: { type: "string" } },
    async run(db, { positionals: [code], values }, config) {
      if (!code) throw new UsageError("order:ship needs an order code");
      const parsed = shipOrderSchema.safeParse({ carrier: values.carrier, tracking_number: values.tracking });
      if (!parsed.success) {
        const names: Record<string, string> = { carrier: "--carrier", tracking_number: "--tracking" };
        throw new UsageError(parsed.error.issues.map((issue) => `${names[String(issue.path[0])]}: ${issue.message}`).join("\n"));
      }
      const orderCode = code.trim().toUpperCase();
      const shipment = { carrier: parsed.data.carrier, trackingNumber: parsed.data.tracking_number };
      const gateway = createGateway(config);
      const result = await changeOrderStatus(db, systemClock, gateway, orderCode, "shipped", { shipment });
      const exitCode = reportMove(orderCode, "shipped", result);
      if (exitCode === 0) console.log(`Tracking: ${trackingUrl(shipment.carrier, shipment.trackingNumber)}`);
      return exitCode;
    },
  },

  "returns:list": {
    summary: "list the newest returns and claims, optionally of one state or kind",
    usage: `returns:list [--state STATE] [--kind KIND] [--search TEXT] [--limit N]

  --state STATE   one of ${RETURN_STATES.join(", ")}
  --kind KIND     ${RETURN_KINDS.join(" or ")}: a shopper's return, or a claim the shop opened (damaged, wrong, lost)
  --search TEXT   a return code, an order code or part of the customer's e-mail
  --limit N       how many (default ${PAGE_SIZE.adminOrders}, at most 100)`,
    maxPositionals: 0,
    options: { state: { type: "string" }, kind: { type: "string" }, search: { type: "string" }, limit: { type: "string" } },
    async run(db, { values }) {
      const parsed = adminReturnListQuery.safeParse({ state: values.state, kind: values.kind, q: values.search, limit: values.limit });
      if (!parsed.success) throw optionProblems(parsed.error.issues, { q: "--search" });
      const { returns, total } = await listReturns(db, parsed.data);
      if (returns.length === 0) {
        console.log("No returns or claims match.");
        return 0;
      }
      if (total > returns.length) console.log(`The newest ${returns.length} of ${total}; --limit shows more.`);
      console.table(
        returns.map((ret) => ({
          code: ret.code,
          kind: ret.kind,
          state: ret.state,
          opened: ret.created_at,
          order: ret.order_code,
          customer: ret.customer_email,
          reason: ret.reason_name,
          items: ret.items,
          refunded: pounds(ret.refunded),
        })),
      );
      return 0;
    },
  },

  "return:show": {
    summary: "show one return or claim in full: items (with their ids), money due and refunded, shipment, what may follow",
    usage: "return:show <return code>",
    maxPositionals: 1,
    async run(db, { positionals: [given] }) {
      const code = returnCode("return:show", given);
      console.log(describeReturn(await adminReturnDetail(db, code)));
      return 0;
    },
  },

  "return:receive": {
    summary: "mark a return's parcel received, putting the items named back in stock",
    usage: `return:receive <return code> [--restock ID,ID]

  --restock ID,ID   the return's items (ids as return:show lists them) that go back to stock; the others do not`,
    maxPositionals: 1,
    options: { restock: { type: "string" } },
    async run(db, { positionals: [given], values }) {
      const code = returnCode("return:receive", given);
      const ids = typeof values.restock === "string" ? values.restock.split(",").map((id) => id.trim()) : [];
      const parsed = receiveReturnSchema.safeParse({ restock: ids });
      if (!parsed.success)
        throw new UsageError("--restock: the ids of the return's items, as return:show lists them, such as --restock 4,5");
      const ret = await receiveReturn(db, systemClock, cliActor(), code, parsed.data.restock);
      const restocked = ret.items.filter((item) => item.restocked).map((item) => item.id);
      reportStep(ret, `received, ${restocked.length === 0 ? "nothing restocked" : `item(s) ${restocked.join(", ")} back in stock`}`);
      return 0;
    },
  },

  "return:refund": {
    summary: "refund a received return or a claim through the payment provider (default: what it is due)",
    usage: `return:refund <return code> [--amount GBP]

  --amount GBP   pounds to refund, such as 12.50 (default: what return:show says is due), at most what
                 is left to refund on the order
A refund the provider does not complete is recorded and retried by the recovery pass (payments:settle).`,
    maxPositionals: 1,
    options: { amount: { type: "string" } },
    async run(db, { positionals: [given], values }, config) {
      const code = returnCode("return:refund", given);
      let amountPence: number;
      if (values.amount === undefined) {
        const ret = await adminReturnDetail(db, code);
        if (ret.refund_due <= 0) {
          console.error(`${code} is due nothing; give --amount to refund a sum of your choosing.`);
          return 1;
        }
        amountPence = toPence(ret.refund_due);
      } else {
        const parsed = refundReturnSchema.safeParse({ amount: values.amount });
        if (!parsed.success) throw optionProblems(parsed.error.issues, {});
        amountPence = toPence(parsed.data.amount);
      }
      const { ret, refundFailure } = await refundReturn(db, systemClock, createGateway(config), cliActor(), code, amountPence);
      if (refundFailure !== undefined) {
        reportStep(ret, `refund of ${gbp(amountPence)} recorded`);
        console.log(refundPendingLine(refundFailure, amountPence));
        return 0;
      }
      reportStep(ret, `refund issued: ${gbp(amountPence)}; the shopper is e-mailed`);
      return 0;
    },
  },

  "return:ship": {
    summary: "send a received return's exchange (or a claim's replacement), with its carrier and tracking number",
    usage: `return:ship <return code> --carrier CARRIER --tracking NUMBER

  --carrier CARRIER   one of ${CARRIER_IDS.join(", ")}
  --tracking NUMBER   as the carrier printed it: 8 to 30 letters and digits (spaces are dropped)`,
    maxPositionals: 1,
    options: { carrier: { type: "string" }, tracking: { type: "string" } },
    async run(db, { positionals: [given], values }) {
      const code = returnCode("return:ship", given);
      const parsed = shipOrderSchema.safeParse({ carrier: values.carrier, tracking_number: values.tracking });
      if (!parsed.success) throw optionProblems(parsed.error.issues, { carrier: "--carrier", tracking_number: "--tracking" });
      const shipment = { carrier: parsed.data.carrier, trackingNumber: parsed.data.tracking_number };
      const ret = await shipReturn(db, systemClock, cliActor(), code, shipment);
      reportStep(ret, "shipped; the shopper is e-mailed the tracking");
      console.log(`Tracking: ${trackingUrl(shipment.carrier, shipment.trackingNumber)}`);
      return 0;
    },
  },

  "return:reject": {
    summary: "reject a return or claim with a reason the shopper is e-mailed (exchange units held go back to stock)",
    usage: `return:reject <return code> --reason TEXT

  --reason TEXT   what the shopper reads, at most ${RETURN_LIMITS.rejectionMax} characters (quote it)`,
    maxPositionals: 1,
    options: { reason: { type: "string" } },
    async run(db, { positionals: [given], values }, config) {
      const code = returnCode("return:reject", given);
      const parsed = rejectReturnSchema.safeParse({ reason: values.reason });
      if (!parsed.success) throw optionProblems(parsed.error.issues, {});
      const deps = { db, clock: systemClock, gateway: createGateway(config), logger: cliLogger(config) };
      const ret = await rejectReturn(deps, cliActor(), code, parsed.data.reason);
      const released = heldUnits(ret);
      const difference = ret.difference?.status === "refunded" ? `; its price difference of ${pounds(ret.difference.amount)} refunded` : "";
      reportStep(
        ret,
        `rejected; the shopper is e-mailed the reason${released > 0 ? `; ${units(released)} held for it back in stock` : ""}${difference}`,
      );
      return 0;
    },
  },

  "claim:open": {
    summary: "open a claim on a shipped or delivered order: damaged, wrong item or never arrived; refund or replacement",
    usage: `claim:open <order code> --reason REASON --outcome refund|replacement --item ID:QTY [--item ID:QTY ...] [--goods-back] [--note TEXT]

  --reason REASON      one of ${CLAIM_REASON_IDS.join(", ")}
  --outcome OUTCOME    ${CLAIM_OUTCOME_IDS.join(" or ")}: the items' money back, or the same items sent again
                       (held from stock now; return:ship sends them)
  --item ID:QTY        an order item's id and how many of it (repeat for more items)
  --goods-back         the shopper sends the goods back first (a return label is e-mailed); otherwise the claim
                       is received at once, ready for return:refund or return:ship
  --note TEXT          what the customer said, kept with the claim (quote it)`,
    maxPositionals: 1,
    options: {
      reason: { type: "string" },
      outcome: { type: "string" },
      item: { type: "string", multiple: true },
      "goods-back": { type: "boolean" },
      note: { type: "string" },
    },
    async run(db, { positionals: [code], values }) {
      if (!code) throw new UsageError("claim:open needs an order code");
      const parsed = claimRequestSchema.safeParse({
        reason: values.reason,
        outcome: values.outcome,
        goods_back: values["goods-back"] ?? false,
        note: values.note,
        items: claimItems(values.item as string[] | undefined),
      });
      if (!parsed.success) throw optionProblems(parsed.error.issues, { items: "--item", goods_back: "--goods-back" });
      const ret = await openClaim(db, systemClock, cliActor(), code.trim().toUpperCase(), parsed.data);
      const held = heldUnits(ret);
      reportStep(ret, `opened on order ${ret.order_code}${held > 0 ? `; ${units(held)} held from stock for the replacement` : ""}`);
      return 0;
    },
  },

  "payments:pending": {
    summary: "list payments not settled: attempts still processing, orders only authorised, checkouts open, refunds owed or pending",
    usage: `payments:pending

An attempt processing longer than ${STUCK_ATTEMPT_AGE_MS / 60_000} minutes lost its process; the recovery pass
(every minute in the server, or payments:settle) settles it. An order pending and authorised is captured
and confirmed by that pass; one still listed after several passes has its capture refused by the provider
(see the log): settle it there, or cancel it with order:status. A hosted checkout
open holds its order's stock until the shopper pays, cancels it, or it expires; the recovery pass asks the
provider about every one open longer than ${OPEN_CHECKOUT_CHECK_MS / 60_000} minutes and confirms it once paid (or releases it once expired). A
cancelled order whose money has not gone back had its refund fail, as had a return's or claim's refund still
pending: the recovery pass tries again.`,
    maxPositionals: 0,
    async run(db) {
      const { attempts, orders, checkouts, refunds, pendingRefunds } = await listPendingPayments(db);
      const sections: [title: string, rows: object[]][] = [
        [
          "Attempts processing:",
          attempts.map((attempt) => ({
            attempt: attempt.id,
            age: ageOf(attempt.created_at),
            customer: attempt.email,
            method: attempt.method,
            amount: attempt.amount_pence === null ? "-" : gbp(attempt.amount_pence),
            authorised: attempt.gateway_reference ? "yes" : "no",
            order: attempt.order_code ?? "-",
          })),
        ],
        [
          "Orders pending with an authorised payment:",
          orders.map((order) => ({ code: order.code, age: ageOf(order.created_at), customer: order.email, total: gbp(order.total_pence) })),
        ],
        [
          "Hosted checkouts open:",
          checkouts.map((checkout) => ({
            code: checkout.code,
            age: ageOf(checkout.created_at),
            customer: checkout.email,
            amount: gbp(checkout.amount_pence),
            expires: checkout.expires_at ?? "-",
          })),
        ],
        [
          "Cancelled orders whose money has not gone back:",
          refunds.map((refund) => ({
            code: refund.code,
            cancelled: ageOf(refund.updated_at),
            customer: refund.email,
            amount: gbp(refund.amount_pence),
            payment: refund.status,
          })),
        ],
        [
          "Refunds of returns and claims the provider has not done:",
          pendingRefunds.map((refund) => ({
            order: refund.code,
            return: refund.return_code ?? "-",
            decided: ageOf(refund.created_at),
            customer: refund.email,
            amount: gbp(refund.amount_pence),
            error: refund.last_error ?? "-",
          })),
        ],
      ];
      if (sections.every(([, rows]) => rows.length === 0)) console.log("No pending payments.");
      for (const [title, rows] of sections) {
        if (rows.length === 0) continue;
        console.log(title);
        console.table(rows);
      }
      return 0;
    },
  },

  "payments:settle": {
    summary: "run the payment recovery pass now and report what it did",
    usage: `payments:settle

Settles every attempt processing longer than ${STUCK_ATTEMPT_AGE_MS / 60_000} minutes: an order that exists is captured
(confirmed and paid, its e-mails sent; a failed capture is tried again by the next pass), an authorisation without
an order is voided and its attempt failed. Any order placed that long ago whose payment is held but not confirmed
is captured and confirmed the same way. Confirms every hosted checkout open longer than ${OPEN_CHECKOUT_CHECK_MS / 60_000}
minutes that the provider says is paid, and releases those past their expiry. Gives back the money of orders
cancelled that long ago whose refund failed, and completes returns' and claims' refunds still pending a minute after
they were decided (asked again under their own key, so never paid twice). Finishes exchanges' price differences the
same way (captures, checkouts, refunds) and releases returns whose difference was not paid in time. Only one
process runs the pass at a time; if another is running it, nothing happens.`,
    maxPositionals: 0,
    async run(db, _args, config) {
      const report = await settleStuckPayments({
        db,
        clock: systemClock,
        gateway: createGateway(config),
        logger: cliLogger(config),
      });
      if (!report.ran) {
        console.error("Another process is running the recovery pass; try again in a minute.");
        return 1;
      }
      const { settled, held, checkouts, refunds, refundsRetried, differences } = report;
      if ([settled, held, checkouts, refunds, refundsRetried, differences].every((done) => done.length === 0)) {
        console.log("Nothing to settle.");
        return 0;
      }
      for (const attempt of report.settled) {
        console.log(
          `Attempt ${attempt.attemptId}${attempt.orderCode ? ` (order ${attempt.orderCode})` : ""}: ${SETTLED[attempt.outcome]}.`,
        );
      }
      for (const order of report.held) console.log(`Order ${order.orderCode}: ${HELD[order.outcome]}.`);
      for (const checkout of report.checkouts) console.log(`Hosted checkout of order ${checkout.orderCode}: ${checkout.outcome}.`);
      for (const refund of report.refunds) console.log(`Cancelled order ${refund.orderCode}: ${RETURNED[refund.outcome]}.`);
      for (const refund of refundsRetried) {
        const of = refund.returnCode ? `return ${refund.returnCode} (order ${refund.orderCode})` : `order ${refund.orderCode}`;
        console.log(`Refund of ${gbp(refund.amountPence)} on ${of}: ${RETRIED[refund.outcome]}.`);
      }
      for (const difference of differences)
        console.log(`Price difference of return ${difference.returnCode}: ${difference.outcome.replaceAll("_", " ")}.`);
      const failed =
        report.settled.some((attempt) => attempt.outcome === "capture_failed" || attempt.outcome === "void_failed") ||
        report.held.some((order) => order.outcome === "capture_failed") ||
        report.refunds.some((refund) => refund.outcome === "failed") ||
        refundsRetried.some((refund) => refund.outcome === "failed") ||
        differences.some((difference) => difference.outcome === "capture_failed" || difference.outcome === "refund_failed");
      return failed ? 1 : 0;
    },
  },

  "stock:set": {
    summary: "set a variant's stock by its SKU",
    usage: `stock:set <variant sku> <quantity>   (quantity 0 to ${OPERATOR_LIMITS.stock})`,
    maxPositionals: 2,
    async run(db, { positionals: [sku, quantity] }) {
      if (!sku || quantity === undefined) throw new UsageError("stock:set needs a variant SKU and a quantity");
      const change = await setVariantStock(db, sku, wholeNumber(quantity, "quantity", { max: OPERATOR_LIMITS.stock }));
      if (!change) {
        console.error(`No variant with SKU ${sku}.`);
        return 1;
      }
      console.log(`Stock of ${sku}: ${change.from} -> ${change.to}.`);
      return 0;
    },
  },

  "audit:list": {
    summary: "list the audit log's changes, newest first, with each subject's state before and after",
    usage: `audit:list [--actor EMAIL] [--action KIND] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--limit N] [--page N]

  --actor EMAIL    the operator's e-mail (the CLI's own changes: shop-cli:<system user>)
  --action KIND    one kind of change, such as order.status, product.update or promo.create
  --from, --to     the first and last UTC day of the changes (inclusive)
  --limit N        how many (default ${PAGE_SIZE.adminAudit}, at most 100)
  --page N         which page of that many (default 1)`,
    maxPositionals: 0,
    options: {
      actor: { type: "string" },
      action: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      limit: { type: "string" },
      page: { type: "string" },
    },
    async run(db, { values }) {
      const parsed = auditListQuery.safeParse(values);
      if (!parsed.success) throw optionProblems(parsed.error.issues, {});
      const { entries, total } = await listAuditLog(db, parsed.data);
      if (entries.length === 0) {
        console.log("No changes match.");
        return 0;
      }
      const first = (parsed.data.page - 1) * parsed.data.limit + 1;
      if (total > entries.length)
        console.log(`Changes ${first} to ${first + entries.length - 1} of ${total}, newest first; --page and --limit show more.`);
      for (const entry of entries) {
        console.log(`${entry.created_at} ${entry.actor_email} ${entry.action} ${entry.subject}`);
        console.log(`  before: ${JSON.stringify(entry.before)}`);
        console.log(`  after:  ${JSON.stringify(entry.after)}`);
      }
      return 0;
    },
  },

  "stock:check": {
    summary: "find products whose stock total is not the sum of their variants' stock; --repair sets it",
    usage: `stock:check [--repair]

  --repair   set each drifted product's stock total to the sum of its variants' stock
Without --repair it changes nothing and exits 1 when it finds drift (0 when there is none).`,
    maxPositionals: 0,
    options: { repair: { type: "boolean" } },
    async run(db, { values }) {
      const drift = values.repair ? await repairStockDrift(db) : await findStockDrift(db.kysely);
      if (drift.length === 0) {
        console.log("Every product's stock total is the sum of its variants' stock.");
        return 0;
      }
      console.table(
        drift.map(({ sku, stockTotal, variantSum }) => ({ product: sku, "stock total": stockTotal, "variants' sum": variantSum })),
      );
      if (values.repair) {
        console.log(`Repaired ${drift.length} product(s): each stock total is now the sum of its variants' stock.`);
        return 0;
      }
      console.error(`${drift.length} product(s) drifted; npm run shop -- stock:check --repair sets each total to its variants' sum.`);
      return 1;
    },
  },

  "customer:export": {
    summary: "print everything the shop keeps about a customer, as JSON (their data request; audited)",
    usage: `customer:export <e-mail>   (> file.json to keep it)

The same document the customer gets from Download my data on their profile.`,
    maxPositionals: 1,
    async run(db, { positionals: [address] }) {
      const customer = await customerAccount(db, "customer:export", address);
      const exported = customer.id && (await exportAccountDataAudited(db, systemClock, customer.id, cliActor(), "customer.export"));
      if (!exported) {
        console.error(`No account with the e-mail ${customer.email}.`);
        return 1;
      }
      console.log(JSON.stringify(exported, null, 2));
      return 0;
    },
  },

  "customer:erase": {
    summary: "erase a customer's account on their request: as Delete my account does (audited)",
    usage: `customer:erase <e-mail> --yes

  --yes   required: the erasure cannot be undone
Ends every session; removes the name, e-mail, phone, addresses, wishlist, recently viewed,
reviews and newsletter row; keeps the orders with their shipping name, address and phone erased.
The e-mail can then sign up again as a new account.`,
    maxPositionals: 1,
    options: { yes: { type: "boolean" } },
    async run(db, { positionals: [address], values }) {
      const customer = await customerAccount(db, "customer:erase", address);
      if (!values.yes) throw new UsageError("customer:erase cannot be undone: add --yes to erase the account");
      const erased = customer.id && (await eraseAccount(db, systemClock, customer.id, { actor: cliActor(), action: "customer.erase" }));
      if (!erased) {
        console.error(`No account with the e-mail ${customer.email}.`);
        return 1;
      }
      console.log(
        `Erased the account of ${customer.email}: ${erased.orders_kept} order(s) kept, anonymised; ${erased.reviews_removed} review(s) removed.`,
      );
      return 0;
    },
  },

  "products:import": {
    summary: "add the products of a JSON file (format in the README); all or nothing",
    usage: "products:import <file.json>",
    maxPositionals: 1,
    async run(db, { positionals: [file] }) {
      if (!file) throw new UsageError("products:import needs a JSON file");
      let input: unknown;
      try {
        input = JSON.parse(readFileSync(resolve(file), "utf8"));
      } catch (error) {
        console.error(`Cannot read ${file} as JSON: ${error instanceof Error ? error.message : error}`);
        return 1;
      }
      const result = await importProducts(db, input, systemClock.now().toISOString());
      if (!result.ok) {
        console.error(
          `Nothing imported; ${file} has ${result.errors.length} problem(s):\n${result.errors.map((error) => `  ${error}`).join("\n")}`,
        );
        return 1;
      }
      console.log(`Imported ${result.imported} product(s).`);
      return 0;
    },
  },
};

const width = Math.max(...Object.keys(commands).map((name) => name.length)) + 2;
const USAGE = `Usage: npm run shop -- <command> [arguments]   (<command> --help for its options)

${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(width)}${command.summary}`)
  .join("\n")}
  ${"help".padEnd(width)}show this text

The database is DATABASE_URL (default data/shop.db).`;

/** Where the database of `url` is, as messages say it: the SQLite file, never a PostgreSQL URL (it holds the password). */
const databaseName = (url: string | undefined) => {
  const file = sqliteFileOf(url);
  return file === undefined ? "PostgreSQL, DATABASE_URL" : file === ":memory:" ? file : resolve(file);
};

/**
 * Runs one operator command (`argv` as after `npm run shop --`) on the database `env` names, reading secrets from
 * `stdin`; answers the exit code.
 */
export async function runShopCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<number> {
  const [name = "help", ...rest] = argv;
  if (name === "help" || name === "--help" || name === "-h") {
    if (rest.length > 0) {
      console.error(`help takes no arguments.\n\n${USAGE}`);
      return 2;
    }
    console.log(USAGE);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  const usage = `Usage: npm run shop -- ${command.usage}`;
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
    return 2;
  }
  if (args.values.help) {
    console.log(`${command.summary}\n\n${usage}`);
    return 0;
  }
  const extra = args.positionals.slice(command.maxPositionals);
  if (extra.length > 0) {
    console.error(`Unexpected argument(s): ${extra.join(" ")}\n\n${usage}`);
    return 2;
  }
  let config: BackendConfig;
  let db: Db;
  try {
    config = readBackendConfig(env);
    const file = sqliteFileOf(config.DATABASE_URL);
    // Opening a missing SQLite file would create it, empty: a typo in DATABASE_URL must not leave a new shop behind.
    if (!command.makesSchema && file !== undefined && file !== ":memory:" && !existsSync(file)) {
      console.error(`No database at ${databaseName(config.DATABASE_URL)}: run npm run shop -- migrate first (or correct DATABASE_URL).`);
      return 1;
    }
    db = connect(config.DATABASE_URL);
  } catch (error) {
    if (!(error instanceof InvalidSettingsError)) throw error;
    for (const { variable, reason } of error.problems) console.error(`invalid setting ${variable}: ${reason}`);
    return 1;
  }
  try {
    if (!command.makesSchema && (await pendingMigrations(db)).length > 0) {
      console.error(`The database (${databaseName(config.DATABASE_URL)}) is not migrated: run npm run shop -- migrate first.`);
      return 1;
    }
    return await command.run(db, args as Parameters<Command["run"]>[1], config, stdin);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    // A refusal of the shop's rules (a return in the wrong state, more than was paid): the API's own words.
    if (error instanceof ApiError) {
      console.error([error.message, ...(error.details ?? []).map((detail) => `  ${detail.path}: ${detail.message}`)].join("\n"));
      return 1;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.close();
  }
}

if (import.meta.main) process.exitCode = await runShopCli(process.argv.slice(2));
