import { SHOP } from "#contract/shop.ts";
import type { PageCopy } from "./types.ts";

/** Title and description tags of an information page. */
export function pageMeta(page: PageCopy) {
  return [{ title: `${page.title} | ${SHOP.name}` }, { name: "description", content: page.description }];
}
