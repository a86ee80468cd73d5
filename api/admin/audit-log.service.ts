import type { Db } from "#api/db/connect.ts";
import type { AuditEntryDto } from "#contract/dto/admin-dashboard.ts";
import type { AuditListQuery } from "#contract/schemas/admin-audit.ts";

/** The first moment after the UTC day `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

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
    db.kysely.selectFrom("audit_log").select("actor_email").distinct().orderBy("actor_email").execute(),
    db.kysely.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
  ]);
  const entries: AuditEntryDto[] = rows.map(({ before_json, after_json, ...row }) => ({
    ...row,
    before: parsed(before_json),
    after: parsed(after_json),
  }));
  return {
    entries,
    total: Number(total),
    actors: actors.map((row) => row.actor_email),
    actions: actions.map((row) => row.action),
  };
}
