import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";
import type { ApiClient } from "./api.server.ts";
import type { SignedIn } from "./auth.server.ts";

/**
 * The profile slider's list. Best effort: the slider is chrome, so any failure (including an
 * unverified account, which the API refuses) shows the empty list rather than breaking the page.
 */
export async function fetchRecentlyViewed(api: ApiClient, signedIn: SignedIn | null): Promise<RecentlyViewedDto[]> {
  if (!signedIn?.user.email_verified) return [];
  try {
    const result = await api<RecentlyViewedDto[]>({ method: "GET", endpoint: "/public/recently-viewed", token: signedIn.token });
    return result.success && Array.isArray(result.data) ? result.data : [];
  } catch {
    return [];
  }
}

/**
 * Records that a signed-in shopper opened a product (spec section 4: the detail page's extra action).
 * Never fails the page: whatever goes wrong is ignored.
 */
export async function recordRecentlyViewed(api: ApiClient, signedIn: SignedIn | null, productId: number): Promise<void> {
  if (!signedIn?.user.email_verified) return;
  try {
    await api({ method: "POST", endpoint: "/public/recently-viewed", data: { product_id: productId }, token: signedIn.token });
  } catch {
    // Best effort by design: see above.
  }
}
