import type { Transaction } from "kysely";
import type { DialectName } from "#api/db/connect.ts";
import type { Database, Order } from "#api/db/schema.ts";

/**
 * Reads an order in the caller's transaction and holds it until the commit: `SELECT … FOR UPDATE` on PostgreSQL;
 * SQLite's transactions begin IMMEDIATE, so the whole database is held already. Every change to an order's
 * returns, claims and refunds takes this lock first, so the checks it makes (units left to return, money left to
 * refund) stay true until it commits, and two such changes of one order never interleave.
 */
export async function lockOrder(
  trx: Transaction<Database>,
  dialect: DialectName,
  by: { id: number } | { code: string },
): Promise<Order | undefined> {
  let query = trx.selectFrom("orders").selectAll();
  query = "id" in by ? query.where("id", "=", by.id) : query.where("code", "=", by.code);
  if (dialect === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}
