import type { Transaction } from "kysely";
import { type Clock, isoNow } from "#api/core/clock.ts";
import type { Db } from "#api/db/connect.ts";
import type { Address, Database } from "#api/db/schema.ts";
import type { AddressDto } from "#contract/dto/account.ts";
import type { AddressInput } from "#contract/schemas/address.ts";

const COLUMNS = ["id", "label", "line1", "line2", "city", "postal_code", "phone", "address_type", "is_default"] as const;

const toDto = (row: Pick<Address, (typeof COLUMNS)[number]>): AddressDto => ({ ...row, is_default: row.is_default === 1 });

/**
 * Rule: while a user has addresses, exactly one is the default. The first becomes it; choosing
 * another moves it; unticking it does nothing; deleting it passes it to the oldest remaining one.
 * The database also holds at most one default per user (a partial unique index).
 */

/** The user's addresses, default first, then oldest first. */
export async function listAddresses(db: Db, userId: number): Promise<AddressDto[]> {
  const rows = await db.kysely
    .selectFrom("addresses")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toDto);
}

export async function createAddress(db: Db, clock: Clock, userId: number, input: AddressInput): Promise<AddressDto> {
  return inUserTransaction(db, userId, async (trx) => {
    const existing = await trx.selectFrom("addresses").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst();
    const isDefault = input.is_default || !existing;
    if (isDefault) await clearDefault(trx, userId);
    const now = isoNow(clock);
    const row = await trx
      .insertInto("addresses")
      .values({ ...input, user_id: userId, is_default: isDefault ? 1 : 0, created_at: now, updated_at: now })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toDto(row);
  });
}

/** Replaces the fields of one of the user's addresses; undefined when the user has no such address. */
export async function updateAddress(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<AddressDto | undefined> {
  return inUserTransaction(db, userId, async (trx) => {
    const current = await trx
      .selectFrom("addresses")
      .select("is_default")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!current) return undefined;
    const isDefault = input.is_default || current.is_default === 1;
    if (isDefault && current.is_default !== 1) await clearDefault(trx, userId);
    const row = await trx
      .updateTable("addresses")
      .set({ ...input, is_default: isDefault ? 1 : 0, updated_at: isoNow(clock) })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toDto(row);
  });
}

/** Deletes one of the user's addresses; false when the user has no such address. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  return inUserTransaction(db, userId, async (trx) => {
    const deleted = await trx
      .deleteFrom("addresses")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returning("is_default")
      .executeTakeFirst();
    if (!deleted) return false;
    if (deleted.is_default === 1) {
      const heir = await trx.selectFrom("addresses").select("id").where("user_id", "=", userId).orderBy("id").limit(1).executeTakeFirst();
      if (heir) await trx.updateTable("addresses").set({ is_default: 1 }).where("id", "=", heir.id).execute();
    }
    return true;
  });
}

const clearDefault = (trx: Transaction<Database>, userId: number) =>
  trx.updateTable("addresses").set({ is_default: 0 }).where("user_id", "=", userId).where("is_default", "=", 1).execute();

/**
 * Runs `work` in a transaction that holds the user's row, so two simultaneous changes to one user's
 * addresses cannot both decide the default. SQLite has one writer at a time already.
 */
function inUserTransaction<T>(db: Db, userId: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
    return work(trx);
  });
}
