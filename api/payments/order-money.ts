import type { Queryable } from "#api/db/connect.ts";

export interface OrderMoney {
  paymentId: number;
  reference: string;
  capturedPence: number;
  /** Captured minus every refund decided (pending ones included); 0 once the payment is wholly refunded. */
  refundablePence: number;
  /** Refunds decided that the provider has not done yet. */
  pendingPence: number;
}

/** The order's captured payment and what is left of it to refund; null when no payment was captured. */
export async function orderMoney(db: Queryable, orderId: number): Promise<OrderMoney | null> {
  const payment = await db
    .selectFrom("payments")
    .select(["id", "reference", "amount_pence", "status"])
    .where("order_id", "=", orderId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!payment || (payment.status !== "captured" && payment.status !== "refunded")) return null;
  const sums = await db
    .selectFrom("refunds")
    .select((eb) => ["status", eb.fn.sum<number>("amount_pence").as("pence")])
    .where("order_id", "=", orderId)
    .groupBy("status")
    .execute();
  const sumOf = (status: string) => Number(sums.find((row) => row.status === status)?.pence ?? 0);
  const decided = sumOf("pending") + sumOf("succeeded");
  return {
    paymentId: payment.id,
    reference: payment.reference,
    capturedPence: payment.amount_pence,
    // A cancellation's refund gives everything back without a refunds row.
    refundablePence: payment.status === "refunded" ? 0 : Math.max(0, payment.amount_pence - decided),
    pendingPence: sumOf("pending"),
  };
}
