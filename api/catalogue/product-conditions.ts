import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "#api/db/schema.ts";
import type { StockStatus } from "#contract/dto/product.ts";

/** A condition on one table's rows. */
export type ConditionOn<T extends keyof Database> = (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
/** Conditions on the products table that the listing and the curated lists share. */
export type Condition = ConditionOn<"products">;

// A literal, not a parameter: the planner can then use the partial indexes products_active_*_idx.
export const active: Condition = (eb) => eb("products.status", "=", sql.lit("Active"));
/** `stock` is products.stock_total, or a column that is 0 exactly when it is (product_facet_counts.in_stock). */
export const stockIs =
  <T extends keyof Database = "products">(
    status: StockStatus,
    stock: Expression<number> = sql.ref<number>("products.stock_total"),
  ): ConditionOn<T> =>
  (eb) =>
    status === "In Stock" ? eb(stock, ">", 0) : eb(stock, "=", 0);
export const inStock = stockIs("In Stock");
export const outOfStock = stockIs("Out of Stock");

export const allOf =
  <T extends keyof Database>(conditions: ConditionOn<T>[]): ConditionOn<T> =>
  (eb) =>
    eb.and(conditions.map((condition) => condition(eb)));
