import { type ApiClient, callApi } from "./api.server.ts";
import { offersSchema } from "./responses.server.ts";

/**
 * The live first-purchase percentage the top bar promises, or null (none live, or the API did not answer: the bar
 * then promises nothing it cannot keep). A kept catalogue read: promo writes raise the catalogue generation.
 */
export async function liveFirstPurchasePercent(api: ApiClient): Promise<number | null> {
  const outcome = await callApi(api, { method: "GET", endpoint: "/public/offers", schema: offersSchema });
  return outcome.ok ? (outcome.data.first_purchase?.percent ?? null) : null;
}
