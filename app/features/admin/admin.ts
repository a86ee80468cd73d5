import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";

/** The back office's sections, in the order its navigation lists them. */
export const ADMIN_SECTIONS = [
  { label: MSG.adminDashboard.navLabel, to: "/admin" },
  { label: "Orders", to: "/admin/orders" },
  { label: "Returns", to: "/admin/returns" },
  { label: "Products", to: "/admin/products" },
  { label: "Promos", to: "/admin/promos" },
  { label: "Reviews", to: "/admin/reviews" },
  { label: "Messages", to: "/admin/messages" },
  { label: "Subscribers", to: "/admin/subscribers" },
  { label: MSG.adminAudit.navLabel, to: "/admin/audit" },
] as const;

/** Every back-office page's meta: its title, and never in a search engine's index. */
export const adminMeta = (title: string) => [
  { title: `${title} | ${MSG.admin.title} | ${SHOP.name}` },
  { name: "robots", content: "noindex" },
];

/** A back-office page's route handle: `bare` pages (a packing slip) render without the back office's navigation. */
export interface AdminHandle {
  bare?: boolean;
}

/** The same list page with `changes` applied to its query (page, filters); empty values drop out of the URL. */
export function adminQueryHref(
  path: string,
  query: Record<string, string | number | undefined>,
  changes: Record<string, string | number | undefined>,
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) {
    if (value !== undefined && value !== "" && !(key === "page" && value === 1)) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A moment as the back office shows it: day, month, year and time, in UK time (server and browser alike). */
export function formatAdminTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });
}
