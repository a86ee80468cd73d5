import { useFetcher } from "react-router";
import { recentlyViewedView } from "#app/features/wishlist/engagement-view.ts";
import { Price } from "#app/ui/price.tsx";
import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";
import type { RecentlyViewedReply, RecentlyViewedState } from "./recently-viewed-state.ts";

/**
 * The profile slider's recently viewed list: server-rendered from the root loader (so it works without
 * JavaScript), refreshed from the /recently-viewed resource route each time the slider opens.
 */
export function useRecentlyViewed(initial: readonly RecentlyViewedDto[]): RecentlyViewedState {
  const fetcher = useFetcher<RecentlyViewedReply>({ key: "recently-viewed" });
  const items = fetcher.data?.items ?? initial;
  return {
    items: items.flatMap((item) => {
      const view = recentlyViewedView(item);
      return view ? [{ ...view, price: <Price amount={view.price} /> }] : [];
    }),
    loading: fetcher.state === "loading",
    load: () => fetcher.load("/recently-viewed"),
  };
}
