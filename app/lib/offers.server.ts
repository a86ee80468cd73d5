import type { ApiClient } from "../api-client/api.server.ts";
import { offersSchema } from "../api-client/responses.server.ts";

/**
 * The live first-purchase percentage the top bar promises, or null (none live, or the API did not answer: the bar
 * then promises nothing it cannot keep). A kept catalogue read: promo writes raise the catalogue generation.
 */
export async function liveFirstPurchasePercent(api: ApiClient): Promise<number | null> {
  const outcome = await api({ send: (c) => c.public.offers.$get(), schema: offersSchema });
  return outcome.ok ? (outcome.data.first_purchase?.percent ?? null) : null;
}
