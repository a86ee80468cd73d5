/** Storefront paths the API writes into e-mails as well as the storefront links to: one place for each. */

export const ORDERS_TAB = "/profile?tab=orders";
/** One page of MY ORDERS; page 1 is the tab itself. */
export const ordersPageHref = (page: number) => (page > 1 ? `${ORDERS_TAB}&page=${page}` : ORDERS_TAB);
/** An order's detail dialog over the page of the list it was opened from: where its items are reviewed. */
export const orderDetailHref = (id: number, page = 1) => `${ordersPageHref(page)}&order=${id}`;

/** The newsletter's unsubscribe page (a form that works without JavaScript). */
export const UNSUBSCRIBE_PAGE = "/unsubscribe";
/** The API's one-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to it. */
export const UNSUBSCRIBE_API = "/api/public/unsubscribe";
export const unsubscribeHref = (base: string, token: string) => `${base}?token=${encodeURIComponent(token)}`;

/** A return's (or a claim's) page for its shopper: state, items, refund, exchange tracking; linked from MY ORDERS and e-mails. */
export const returnHref = (code: string) => `/returns/${code}`;
/** A return's printable label: the shop's returns address, the code with its barcode, the items. */
export const returnLabelHref = (code: string) => `${returnHref(code)}/label`;

/** An order's page in the back office, linked from the shop's new-order e-mail. */
export const adminOrderHref = (code: string) => `/admin/orders/${encodeURIComponent(code)}`;
