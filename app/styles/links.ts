/**
 * What a page's document links of the shop's styles: the shell sheet every page links, the sheets of the areas a
 * page shows, and the font faces its first screen uses (decision 0069).
 *
 * The shell (shell.css: the font faces, tokens, base, primitives, the chrome and prices) is one fingerprinted sheet,
 * which the root links on every page. Each area's sheet is a fingerprinted file of its own, linked by the routes
 * that show the area (`areaSheets` in their `links`): a page's first render waits only for the sheets it uses, and
 * on a client navigation React Router loads the next route's sheets before it renders the route. Sheets come in
 * cascade order, the shell first; each area's selectors stay scoped to its own classes, and a class more than one
 * area uses is a primitive of ui.css.
 */
import type { LinkDescriptor } from "react-router";
import displayFontUrl from "../assets/fonts/cormorant-garamond-500-normal.subset.woff2?url";
import sansFontUrl from "../assets/fonts/jost-400-normal.subset.woff2?url";
import sansMediumFontUrl from "../assets/fonts/jost-500-normal.subset.woff2?url";
import accountSheet from "./account.css?url";
import adminSheet from "./admin.css?url";
import adminCatalogueSheet from "./admin-catalogue.css?url";
import adminDashboardSheet from "./admin-dashboard.css?url";
import cartSheet from "./cart.css?url";
import catalogueSheet from "./catalogue.css?url";
import checkoutSheet from "./checkout.css?url";
import contactSheet from "./contact.css?url";
import homeSheet from "./home.css?url";
import infoPagesSheet from "./info-pages.css?url";
import listingSheet from "./listing.css?url";
import orderSheet from "./orders.css?url";
import productSheet from "./product.css?url";
import returnsSheet from "./returns.css?url";
import shellSheet from "./shell.css?url&no-inline";
import wishlistSheet from "./wishlist.css?url";

/** The sheet every page links, first (the root's `links`). */
export const SHELL_SHEET: LinkDescriptor = { rel: "stylesheet", href: shellSheet };

/** Each area's sheet, in cascade order (the back office's last: it refines the shop's order and return blocks). */
const AREA_SHEETS = {
  catalogue: catalogueSheet,
  listing: listingSheet,
  product: productSheet,
  home: homeSheet,
  wishlist: wishlistSheet,
  cart: cartSheet,
  account: accountSheet,
  checkout: checkoutSheet,
  orders: orderSheet,
  returns: returnsSheet,
  contact: contactSheet,
  infoPages: infoPagesSheet,
  admin: adminSheet,
  adminCatalogue: adminCatalogueSheet,
  adminDashboard: adminDashboardSheet,
} as const;

export type Area = keyof typeof AREA_SHEETS;

/** A route's `links` for the areas its page shows: their sheets in cascade order, whatever order they are named in. */
export function areaSheets(...areas: Area[]): LinkDescriptor[] {
  return (Object.keys(AREA_SHEETS) as Area[])
    .filter((area) => areas.includes(area))
    .map((area) => ({ rel: "stylesheet", href: AREA_SHEETS[area] }));
}

/** Where a shopper goes on from any catalogue page: a listing, a product, the cart. */
const SHOPPING_PATH: readonly Area[] = ["catalogue", "listing", "product", "cart"];

/**
 * A catalogue page's `links`: its areas' sheets, and the shopping path's other sheets as `prefetch` (fetched at idle
 * priority, after what the page needs), so the next page's first render, and a client navigation, which loads a
 * route's sheets only once its module has arrived, do not wait a round trip for the sheet (decision 0074).
 */
export function shoppingPathSheets(...areas: Area[]): LinkDescriptor[] {
  const next = SHOPPING_PATH.filter((area) => !areas.includes(area));
  return [...areaSheets(...areas), ...next.map((area): LinkDescriptor => ({ rel: "prefetch", as: "style", href: AREA_SHEETS[area] }))];
}

/**
 * The faces the first screen of every page uses (headings, body text, medium labels), preloaded so they arrive
 * beside the page's scripts rather than once the sheet is parsed and the page laid out. The italic shows only
 * below the first screen (the footer's tagline, the home page's quotes): it is not preloaded, and its
 * `font-display: optional` (scripts/font-subset.ts) keeps it from swapping in under a shopper's eyes. Only the
 * subsets (fonts.css): a page needs the full Latin files only for characters the shop's own texts never use.
 */
export const FIRST_SCREEN_FONT_PRELOADS: LinkDescriptor[] = [displayFontUrl, sansFontUrl, sansMediumFontUrl].map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
}));
