/** The site's link sets: one list each, shared by the header, the mobile menu, the footer and the 404 page. */

export const MAIN_NAV = [
  { to: "/products", label: "ALL PRODUCTS" },
  { to: "/categories", label: "CATEGORIES" },
  { to: "/about", label: "ABOUT US" },
  { to: "/contact", label: "CONTACT US" },
] as const;

export const ACCOUNT_LINKS = [
  { to: "/profile?tab=orders", label: "MY ORDERS" },
  { to: "/profile?tab=account", label: "ACCOUNT DETAILS" },
  { to: "/wishlist", label: "MY WISHLIST" },
] as const;

export const INFORMATION_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact Us" },
  { to: "/getting-started", label: "Getting Started" },
  { to: "/payment-terms", label: "Payment Terms" },
  { to: "/terms-of-services", label: "Terms of Services" },
  { to: "/return-exchanges", label: "Return & Exchanges" },
  { to: "/need-support", label: "Need Support" },
] as const;

/** The collection links search the catalogue by the collection's name. */
export const collectionHref = (collection: string) => `/products?${new URLSearchParams({ search: collection })}`;

/** A dialable link for a displayed phone number ("+44 20 …" becomes "tel:+4420…"). */
export const telHref = (phone: string) => `tel:${phone.replaceAll(" ", "")}`;
