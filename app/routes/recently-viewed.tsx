import { apiFor } from "#app/api-client/api.server.ts";
import { fetchRecentlyViewed } from "#app/features/recently-viewed/recently-viewed.server.ts";
import type { RecentlyViewedReply } from "#app/features/recently-viewed/recently-viewed-state.ts";
import { optionalUser } from "#app/session/auth.server.ts";
import type { Route } from "./+types/recently-viewed";

/** Resource route: the signed-in shopper's recently viewed products, fetched when the profile slider opens. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RecentlyViewedReply> {
  return { items: await fetchRecentlyViewed(apiFor(context), await optionalUser(request)) };
}
