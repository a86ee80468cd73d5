import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

/** How many rows a table holds (operator statistics and test assertions). */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const { n } = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
