import type { Clock } from "#api/core/clock.ts";
import type { AuthUser } from "#api/core/env.ts";
import { conflict, notFound } from "#api/core/errors.ts";
import type { Db, Queryable } from "#api/db/connect.ts";
import type { PromoCode } from "#api/db/schema.ts";
import { createPromo, disablePromo, listPromos, type NewPromo } from "#api/operator/promo-admin.ts";
import type { AdminPromoDto } from "#contract/dto/admin-catalogue.ts";
import { MSG } from "#contract/messages.ts";
import { toGbp } from "#contract/money.ts";
import { recordAudit } from "./audit.ts";

type Actor = Pick<AuthUser, "id" | "email">;

const toDto = (promo: PromoCode): AdminPromoDto => ({
  code: promo.code,
  description: promo.description,
  type: promo.discount_type,
  value: promo.discount_type === "fixed" ? toGbp(promo.discount_value) : promo.discount_value,
  min_basket: toGbp(promo.min_basket_pence),
  first_purchase: promo.first_purchase_only === 1,
  active: promo.active === 1,
  starts_at: promo.starts_at,
  ends_at: promo.ends_at,
  usage_limit: promo.usage_limit,
  per_customer_limit: promo.per_customer_limit,
  times_used: promo.times_used,
});

const promoByCode = (db: Queryable, code: string) => db.selectFrom("promo_codes").selectAll().where("code", "=", code).executeTakeFirst();

/** Every promo code with its rules and uses, by code. */
export async function adminPromos(db: Db): Promise<AdminPromoDto[]> {
  return (await listPromos(db)).map(toDto);
}

/**
 * Creates a code by `promo:create`'s rules, audited in the same transaction; 409 when the code exists.
 */
export async function createAdminPromo(db: Db, clock: Clock, actor: Actor, promo: NewPromo): Promise<AdminPromoDto> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await createPromo(trx, promo))) throw conflict(MSG.adminCatalogue.promoExists(promo.code));
    const created = toDto((await promoByCode(trx, promo.code)) as PromoCode);
    await recordAudit(trx, clock, actor, { action: "promo.create", subject: `promo ${promo.code}`, before: null, after: created });
    return created;
  });
}

/** Disables a code, audited in the same transaction; 404 when there is none. Disabling a disabled code changes nothing. */
export async function disableAdminPromo(db: Db, clock: Clock, actor: Actor, code: string): Promise<AdminPromoDto> {
  const normalised = code.trim().toUpperCase();
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await promoByCode(trx, normalised);
    if (!existing) throw notFound(MSG.adminCatalogue.promoNotFound);
    if (existing.active === 0) return toDto(existing);
    await disablePromo(trx, normalised);
    const disabled = toDto((await promoByCode(trx, normalised)) as PromoCode);
    await recordAudit(trx, clock, actor, {
      action: "promo.disable",
      subject: `promo ${normalised}`,
      before: { active: true },
      after: { active: disabled.active },
    });
    return disabled;
  });
}
