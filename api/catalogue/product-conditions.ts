import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "#api/db/schema.ts";
import type { StockStatus } from "#contract/dto/product.ts";

/** Conditions on the products table that the listing and the curated lists share. */
export type Condition = (eb: ExpressionBuilder<Database, "products">) => Expression<SqlBool>;

// A literal, not a parameter: the planner can then use the partial indexes products_active_*_idx.
export const active: Condition = (eb) => eb("products.status", "=", sql.lit("Active"));
export const stockIs =
  (status: StockStatus, stockTotal: Expression<number> = sql.ref<number>("products.stock_total")): Condition =>
  (eb) =>
    status === "In Stock" ? eb(stockTotal, ">", 0) : eb(stockTotal, "=", 0);
export const inStock = stockIs("In Stock");
export const outOfStock = stockIs("Out of Stock");

export const allOf =
  (conditions: Condition[]): Condition =>
  (eb) =>
    eb.and(conditions.map((condition) => condition(eb)));
