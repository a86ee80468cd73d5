import type { Db } from "#api/db/connect.ts";
import type { LookupValueDto } from "#contract/dto/product.ts";

/** Active lookup values of the given headers, grouped by header id in the order asked. */
export async function lookupValues(db: Db, headerIds: number[]): Promise<Record<string, LookupValueDto[]>> {
  const rows = headerIds.length
    ? await db.kysely
        .selectFrom("lookup_values")
        .select(["id", "header_id", "value", "label"])
        .where("header_id", "in", headerIds)
        .where("status", "=", "Active")
        .orderBy("header_id")
        .orderBy("position")
        .execute()
    : [];
  const grouped: Record<string, LookupValueDto[]> = {};
  for (const id of headerIds) grouped[id] = [];
  for (const row of rows) grouped[row.header_id].push(row);
  return grouped;
}
