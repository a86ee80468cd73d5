import type { ReactNode } from "react";
import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";

/** One recently viewed product, already shaped for display (the price node comes from the price component). */
export interface RecentlyViewedEntry {
  key: string | number;
  href: string;
  name: string;
  image: string;
  price: ReactNode;
}

export interface RecentlyViewedState {
  items: readonly RecentlyViewedEntry[];
  loading: boolean;
  /** Called when the slider opens, to fetch the list. */
  load?: () => void;
}

/** What the /recently-viewed resource route answers the profile slider. */
export interface RecentlyViewedReply {
  items: RecentlyViewedDto[];
}
