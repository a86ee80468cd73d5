import { MSG } from "#contract/messages.ts";
import type { ApiClient, ApiOutcome } from "../../api-client/api.server.ts";
import type { ApiCall, DataOf } from "../../api-client/api-call.ts";
import { wishlistEntrySchema, wishlistRemovalSchema, wishlistSchema } from "../../api-client/responses.server.ts";

/** A call for the wishlist screens: a failure carries the message to show, else `fallback`. */
async function call<R>(api: ApiClient, request: ApiCall<R>, fallback: string): Promise<ApiOutcome<DataOf<R>>> {
  const outcome = await api(request);
  return outcome.ok ? outcome : { ...outcome, message: outcome.message || fallback };
}

export const fetchWishlist = (api: ApiClient, token: string) =>
  call(api, { send: (c) => c.public.wishlist.$get(), token, schema: wishlistSchema }, MSG.wishlist.fetchFailed);

export const addToWishlist = (api: ApiClient, token: string, productId: number) =>
  call(
    api,
    { send: (c) => c.public.wishlist.$post({ json: { product_id: productId } }), token, schema: wishlistEntrySchema },
    MSG.wishlist.addFailed,
  );

export const removeFromWishlist = (api: ApiClient, token: string, productId: number) =>
  call(
    api,
    {
      send: (c) => c.public.wishlist[":productId"].$delete({ param: { productId: String(productId) } }),
      token,
      schema: wishlistRemovalSchema,
    },
    MSG.wishlist.removeFailed,
  );
