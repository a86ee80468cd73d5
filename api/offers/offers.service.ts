import type { Kysely } from "kysely";
import type { Clock } from "#api/core/clock.ts";
import type { Database } from "#api/db/schema.ts";
import { firstPurchaseOffer } from "#api/promo/promo.service.ts";
import type { OffersDto } from "#contract/dto/offers.ts";

/** The offers the storefront may promise: the first-purchase percentage the welcome e-mail would send now. */
export async function liveOffers(db: Kysely<Database>, clock: Clock): Promise<OffersDto> {
  const offer = await firstPurchaseOffer(db, clock);
  return { first_purchase: offer?.percent ? { percent: offer.percent } : null };
}
