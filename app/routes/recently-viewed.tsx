import { apiFor } from "#app/lib/api.server.ts";
import { optionalUser } from "#app/lib/auth.server.ts";
import { fetchRecentlyViewed } from "#app/lib/recently-viewed.server.ts";
import type { Route } from "./+types/recently-viewed";

/** Resource route: the signed-in shopper's recently viewed products, fetched when the profile slider opens. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { items: await fetchRecentlyViewed(apiFor(context), await optionalUser(request)) };
}
