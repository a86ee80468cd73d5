import type { WishlistEntryDto } from "#contract/dto/product-reference.ts";
import { MSG } from "#contract/messages.ts";
import { type ApiCall, type ApiClient, ApiRequestError } from "./api.server.ts";

/** A call's outcome for the wishlist screens: the data, or a message to show and the status behind it. */
export type WishlistOutcome<T> = { ok: true; data: T } | { ok: false; status: number | null; message: string };

async function call<T>(api: ApiClient, request: ApiCall, fallback: string): Promise<WishlistOutcome<T>> {
  try {
    const result = await api<T>(request);
    return result.success ? { ok: true, data: result.data } : { ok: false, status: result.status, message: result.message || fallback };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false, status: error.status, message: error.message || fallback };
    throw error;
  }
}

export const fetchWishlist = (api: ApiClient, token: string) =>
  call<WishlistEntryDto[]>(api, { method: "GET", endpoint: "/public/wishlist", token }, MSG.wishlist.fetchFailed);

export const addToWishlist = (api: ApiClient, token: string, productId: number) =>
  call<Pick<WishlistEntryDto, "product_name">>(
    api,
    { method: "POST", endpoint: "/public/wishlist", data: { product_id: productId }, token },
    MSG.wishlist.addFailed,
  );

export const removeFromWishlist = (api: ApiClient, token: string, productId: number) =>
  call<{ product_name?: string }>(
    api,
    { method: "DELETE", endpoint: `/public/wishlist/${productId}`, token },
    MSG.wishlist.removeItemFailed,
  );

/** The ids of the products a signed-in, verified shopper has saved; none for anyone else or when the call fails. */
export async function fetchWishlistIds(
  api: ApiClient,
  signedIn: { token: string; user: { email_verified: boolean } } | null,
): Promise<number[]> {
  if (!signedIn?.user.email_verified) return [];
  const result = await fetchWishlist(api, signedIn.token);
  return result.ok ? result.data.map((entry) => entry.product_id) : [];
}
