import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";
import { MSG } from "#contract/messages.ts";
import type { ApiClient } from "../../api-client/api.server.ts";
import { recentlyViewedListSchema, recordedViewSchema } from "../../api-client/responses.server.ts";
import { logger } from "../../lib/logger.server.ts";
import type { SignedIn } from "../../session/session.server.ts";

/**
 * The profile slider's list. Best effort: the slider is chrome, so any failure (including an
 * unverified account, which the API refuses) shows the empty list rather than breaking the page.
 */
export async function fetchRecentlyViewed(api: ApiClient, signedIn: SignedIn | null): Promise<RecentlyViewedDto[]> {
  if (!signedIn?.user.email_verified) return [];
  const outcome = await callRecentlyViewed(api, signedIn.token);
  if (outcome.ok) return outcome.data;
  if (outcome.status !== null) logger.warn({ status: outcome.status, code: outcome.code }, MSG.recentlyViewed.fetchFailed);
  return [];
}

/** The list's call itself, for callers that also read its failure (the root's check of the token). */
export const callRecentlyViewed = (api: ApiClient, token: string) =>
  api({ send: (c) => c.public["recently-viewed"].$get(), token, schema: recentlyViewedListSchema });

/**
 * Records that a signed-in, verified shopper opened a product's detail page. Never fails the page: a refusal
 * only leaves a log line (the client already logged a call that got no answer).
 */
export async function recordRecentlyViewed(api: ApiClient, signedIn: SignedIn | null, productId: number): Promise<void> {
  if (!signedIn?.user.email_verified) return;
  const outcome = await api({
    send: (c) => c.public["recently-viewed"].$post({ json: { product_id: productId } }),
    token: signedIn.token,
    schema: recordedViewSchema,
  });
  if (!outcome.ok && outcome.status !== null)
    logger.warn({ productId, status: outcome.status, code: outcome.code }, MSG.recentlyViewed.addFailed);
}
