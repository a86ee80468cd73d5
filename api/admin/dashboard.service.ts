import { sql } from "kysely";
import type { Clock } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import { type PaymentStatus, TO_SHIP_STATUSES } from "#contract/checkout.ts";
import type { AdminDashboardDto, SalesFigureDto } from "#contract/dto/admin-dashboard.ts";
import { toGbp } from "#contract/money.ts";

const DAY_MS = 86_400_000;
/** Days the chart draws; the longest period is as long, and compared with as many days before it. */
const DASHBOARD_DAYS = 30;
const PERIODS = [1, 7, DASHBOARD_DAYS] as const;
const BEST_SELLERS = 5;
const LOW_STOCK_SHOWN = 10;

/**
 * Money taken or held: a sale when the order is not cancelled, money owed back when it is (returning it moves the
 * order's payment status on to refunded or voided).
 */
const HELD_PAYMENTS: readonly PaymentStatus[] = ["authorised", "paid"];

/** The UTC day `daysAgo` days before the one `now` falls in, as YYYY-MM-DD. */
const utcDay = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

const figure = (revenuePence: number, orders: number): SalesFigureDto => ({
  revenue: toGbp(revenuePence),
  orders,
  average: orders === 0 ? 0 : toGbp(Math.round(revenuePence / orders)),
});

/**
 * The dashboard's figures, each from one indexed query (migration 20261129000300_dashboard_indexes), so none reads
 * more than the days it shows: sales come from one pass over the last 60 days of orders grouped by UTC day, which
 * gives the chart and every period with the one before it.
 */
export async function dashboardFigures(db: Db, clock: Clock, lowStockThreshold: number): Promise<AdminDashboardDto> {
  const now = clock.now();
  const k = db.kysely;
  const count = sql<number | string>`count(*)`.as("n");
  const since = `${utcDay(now, 2 * DASHBOARD_DAYS - 1)}T00:00:00.000Z`;
  const salesSince = `${utcDay(now, DASHBOARD_DAYS - 1)}T00:00:00.000Z`;
  const day = sql<string>`substr(orders.created_at, 1, 10)`;
  // Variants of active products low in stock, read from the variants by stock, each one's product looked up by its
  // key: the catalogue is never read whole.
  const lowVariants = k
    .selectFrom("product_variants")
    .where("product_variants.stock", "<=", lowStockThreshold)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("products")
          .select("products.id")
          .whereRef("products.id", "=", "product_variants.product_id")
          .where("products.status", "=", "Active"),
      ),
    );
  const [
    sales,
    toShip,
    oldest,
    bestSellers,
    lowStock,
    lowCount,
    attempts,
    authorised,
    unreturned,
    pendingRefunds,
    mail,
    returns,
    messages,
  ] = await Promise.all([
    k
      .selectFrom("orders")
      .select((eb) => [
        day.as("day"),
        eb.fn.countAll<number | string>().as("orders"),
        eb.fn.sum<number | string>("total_pence").as("revenue"),
      ])
      .where("created_at", ">=", since)
      .where("status", "!=", "cancelled")
      .where("payment_status", "in", HELD_PAYMENTS)
      .groupBy(day)
      .execute(),
    k.selectFrom("orders").select(count).where("status", "in", TO_SHIP_STATUSES).executeTakeFirstOrThrow(),
    // Per status, its oldest by the (status, created_at) index; the older of the two is the oldest waiting.
    Promise.all(
      TO_SHIP_STATUSES.map((status) =>
        k
          .selectFrom("orders")
          .select(["code", "created_at"])
          .where("status", "=", status)
          .orderBy("created_at")
          .orderBy("id")
          .limit(1)
          .executeTakeFirst(),
      ),
    ),
    // The units summed from the two covering indexes, then the five products' names by their keys.
    k
      .selectFrom(
        k
          .selectFrom("orders")
          .innerJoin("order_items", "order_items.order_id", "orders.id")
          .select((eb) => [
            "order_items.product_id",
            eb.fn.sum<number | string>("order_items.quantity").as("units"),
            eb.fn
              .sum<number | string>(sql`(order_items.unit_price_pence + order_items.extra_price_pence) * order_items.quantity`)
              .as("revenue"),
          ])
          .where("orders.created_at", ">=", salesSince)
          .where("orders.status", "!=", "cancelled")
          .where("orders.payment_status", "in", HELD_PAYMENTS)
          .groupBy("order_items.product_id")
          .orderBy("units", "desc")
          .orderBy("order_items.product_id")
          .limit(BEST_SELLERS)
          .as("top"),
      )
      .innerJoin("products", "products.id", "top.product_id")
      .select(["top.product_id", "products.name", "top.units", "top.revenue"])
      .orderBy("top.units", "desc")
      .orderBy("top.product_id")
      .execute(),
    // The first variants by stock, then their products' names by their keys.
    k
      .selectFrom(
        lowVariants
          .select(["product_variants.id", "product_variants.product_id", "sku", "color_name", "size", "stock"])
          .orderBy("stock")
          .orderBy("product_variants.id")
          .limit(LOW_STOCK_SHOWN)
          .as("low"),
      )
      .innerJoin("products", "products.id", "low.product_id")
      .select(["low.product_id", "products.name as product_name", "low.sku", "low.color_name", "low.size", "low.stock"])
      .orderBy("low.stock")
      .orderBy("low.id")
      .execute(),
    lowVariants.select(count).executeTakeFirstOrThrow(),
    k.selectFrom("payment_attempts").select(count).where("status", "=", "processing").executeTakeFirstOrThrow(),
    k
      .selectFrom("orders")
      .select(count)
      .where("status", "=", "pending")
      .where("payment_status", "=", "authorised")
      .executeTakeFirstOrThrow(),
    k
      .selectFrom("orders")
      .select(count)
      .where("status", "=", "cancelled")
      .where("payment_status", "in", HELD_PAYMENTS)
      .executeTakeFirstOrThrow(),
    k.selectFrom("refunds").select(count).where("status", "=", "pending").executeTakeFirstOrThrow(),
    k
      .selectFrom("mail_outbox")
      .select((eb) => [
        eb.fn.countAll<number | string>().filterWhere("status", "=", "failed").as("failed"),
        eb.fn.countAll<number | string>().filterWhere("attempts", ">", 0).filterWhere("status", "=", "pending").as("retrying"),
      ])
      .where("status", "in", ["pending", "failed"])
      .executeTakeFirstOrThrow(),
    k.selectFrom("returns").select(count).where("state", "=", "requested").where("goods_back", "=", 1).executeTakeFirstOrThrow(),
    k.selectFrom("contact_messages").select(count).where("handled_at", "is", null).executeTakeFirstOrThrow(),
  ]);

  const byDay = new Map(sales.map((row) => [row.day, { orders: Number(row.orders), revenuePence: Number(row.revenue ?? 0) }]));
  const salesOn = (daysAgo: number) => byDay.get(utcDay(now, daysAgo)) ?? { orders: 0, revenuePence: 0 };
  /** Sales over `days` days ending `offset` days before today. */
  const span = (days: number, offset: number) => {
    let orders = 0;
    let revenuePence = 0;
    for (let ago = offset; ago < offset + days; ago++) {
      orders += salesOn(ago).orders;
      revenuePence += salesOn(ago).revenuePence;
    }
    return figure(revenuePence, orders);
  };
  const oldestWaiting = oldest
    .filter((row) => row !== undefined)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .at(0);
  return {
    generated_at: now.toISOString(),
    to_ship: { count: Number(toShip.n), oldest: oldestWaiting ? { code: oldestWaiting.code, created_at: oldestWaiting.created_at } : null },
    sales_by_day: Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
      const ago = DASHBOARD_DAYS - 1 - index;
      const { orders, revenuePence } = salesOn(ago);
      return { day: utcDay(now, ago), revenue: toGbp(revenuePence), orders };
    }),
    periods: PERIODS.map((days) => ({ days, current: span(days, 0), previous: span(days, days) })),
    best_sellers: bestSellers.map((row) => ({
      product_id: row.product_id,
      name: String(row.name),
      units: Number(row.units),
      revenue: toGbp(Number(row.revenue)),
    })),
    low_stock: { threshold: lowStockThreshold, count: Number(lowCount.n), variants: lowStock },
    payments_waiting: {
      attempts: Number(attempts.n),
      authorised_orders: Number(authorised.n),
      refunds_owed: Number(unreturned.n) + Number(pendingRefunds.n),
    },
    emails: { failed: Number(mail.failed), retrying: Number(mail.retrying) },
    returns_to_receive: Number(returns.n),
    messages_unhandled: Number(messages.n),
  };
}
