import type { Kysely } from "kysely";
import { bumpCatalogueGeneration } from "#api/catalogue/read-cache.ts";
import { putUnitsBack, recomputeStockTotals } from "#api/catalogue/stock-totals.ts";
import { badRequest } from "#api/core/errors.ts";
import type { Database } from "#api/db/schema.ts";

/**
 * Stock moved by returns, in the transaction of the step that moves it: an exchange's (or a replacement's) units
 * held when it is registered and given back when it is rejected, and received units put back. Each recomputes its
 * products' stock totals and bumps the catalogue's generation, as an order's stock moves do.
 */

export interface ExchangeHold {
  variantId: number;
  productId: number;
  quantity: number;
  /** What the step is refused with when the variant is short of units. */
  refusal: string;
}

/**
 * Takes each hold's units from its variant with a conditional decrement (`stock >= quantity`), in variant id order
 * as checkout takes them, so the two never deadlock; a variant short of units refuses the whole step.
 */
export async function holdExchangeUnits(trx: Kysely<Database>, holds: readonly ExchangeHold[]): Promise<void> {
  if (holds.length === 0) return;
  const byVariant = new Map<number, ExchangeHold>();
  for (const hold of holds) {
    const earlier = byVariant.get(hold.variantId);
    byVariant.set(hold.variantId, earlier ? { ...earlier, quantity: earlier.quantity + hold.quantity } : hold);
  }
  for (const hold of [...byVariant.values()].sort((a, b) => a.variantId - b.variantId)) {
    const taken = await trx
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "-", hold.quantity) }))
      .where("id", "=", hold.variantId)
      .where("stock", ">=", hold.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw badRequest(hold.refusal);
  }
  await recomputeStockTotals(trx, [...new Set(holds.map((hold) => hold.productId))]);
  await bumpCatalogueGeneration(trx);
}

/** Gives a rejected return's held exchange units back to their variants (still sold: the order keeps them). */
export async function releaseExchangeUnits(trx: Kysely<Database>, returnId: number): Promise<void> {
  const held = await trx
    .selectFrom("return_items as ri")
    .innerJoin("product_variants as v", "v.id", "ri.exchange_variant_id")
    .select(["ri.exchange_variant_id as variant_id", "ri.quantity", "v.product_id"])
    .where("ri.return_id", "=", returnId)
    .where("ri.resolution", "=", "exchange")
    .execute();
  await putUnitsBack(
    trx,
    held.map((item) => ({ variantId: item.variant_id, productId: item.product_id, quantity: item.quantity, unsold: false })),
  );
}

/**
 * Marks a received return's items restocked or not, and puts the chosen ones' units back on their variants. A
 * refunded unit put back is no longer sold (units_sold goes down); an exchanged one is, the shopper keeping its
 * exchange, so only its stock moves.
 */
export async function restockReturnItems(trx: Kysely<Database>, returnId: number, restockIds: ReadonlySet<number>): Promise<void> {
  const items = await trx
    .selectFrom("return_items as ri")
    .innerJoin("order_items as oi", "oi.id", "ri.order_item_id")
    .select(["ri.id", "ri.quantity", "ri.resolution", "oi.variant_id", "oi.product_id"])
    .where("ri.return_id", "=", returnId)
    .execute();
  const restocked = items.filter((item) => restockIds.has(item.id));
  await trx.updateTable("return_items").set({ restocked: 0 }).where("return_id", "=", returnId).execute();
  if (restocked.length === 0) return;
  await trx
    .updateTable("return_items")
    .set({ restocked: 1 })
    .where(
      "id",
      "in",
      restocked.map((item) => item.id),
    )
    .execute();
  await putUnitsBack(
    trx,
    restocked.map((item) => ({
      variantId: item.variant_id,
      productId: item.product_id,
      quantity: item.quantity,
      unsold: item.resolution === "refund",
    })),
  );
}
