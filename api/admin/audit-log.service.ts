import { sql } from "kysely";
import type { Db } from "#api/db/connect.ts";
import type { AuditEntryDto } from "#contract/dto/admin-dashboard.ts";
import type { AuditListQuery } from "#contract/schemas/admin-audit.ts";

/** The first moment after the UTC day `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The distinct values of an indexed column, in order, one index look-up each (each the first value after the one
 * before): a few operators or kinds of change among many entries, where DISTINCT would read them all.
 */
async function distinctValues(db: Db, column: "actor_email" | "action"): Promise<string[]> {
  const { rows } = await sql<{ value: string | null }>`
    WITH RECURSIVE found(value) AS (
      SELECT min(${sql.ref(column)}) FROM audit_log
      UNION ALL
      SELECT (SELECT min(${sql.ref(column)}) FROM audit_log WHERE ${sql.ref(column)} > found.value) FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL`.execute(db.kysely);
  return rows.map((row) => row.value as string);
}

const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as AuditEntryDto["before"]));

/**
 * The audit log as operators read it (the back office's page and `audit:list`): newest first, filtered by who acted
 * (the e-mail, whole), the kind of change and the UTC days it was made (from and to inclusive); one page of it,
 * with every operator and kind the log holds, for the filters' choices.
 */
export async function listAuditLog(db: Db, filter: AuditListQuery) {
  let query = db.kysely.selectFrom("audit_log");
  if (filter.actor) query = query.where("actor_email", "=", filter.actor);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from) query = query.where("created_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("created_at", "<", dayAfter(filter.to));
  const [{ total }, rows, actors, actions] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    query
      .select(["id", "created_at", "actor_email", "action", "subject", "before_json", "after_json"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    distinctValues(db, "actor_email"),
    distinctValues(db, "action"),
  ]);
  const entries: AuditEntryDto[] = rows.map(({ before_json, after_json, ...row }) => ({
    ...row,
    before: parsed(before_json),
    after: parsed(after_json),
  }));
  return {
    entries,
    total: Number(total),
    actors,
    actions,
  };
}
