/** Shop identity: name, contact details and social links, shown across the site and in e-mails. */
export const SHOP = {
  name: "Maison Noor",
  legalName: "Maison Noor Ltd",
  tagline: "Modest & luxury fashion for women and children",
  phone: "+44 20 7946 0321",
  /** The one address shoppers write to, for orders, sizing, support and everything else. */
  email: "hello@maisonnoor.co.uk",
  address: {
    line1: "41 Green Street",
    city: "London",
    postalCode: "E7 8DA",
    country: "United Kingdom",
  },
  /** The flagship showroom is at the shop's postal address. */
  flagshipHours: "Mon–Sat 10:00–19:00, Sun 11:00–17:00",
  /**
   * How soon client care answers a message: it reads the inbox during support hours, Monday to Saturday, and is
   * closed on Sunday, so a message sent on Saturday evening is answered on Monday.
   */
  replyTime: "within one working day",
  pressOutlet: "Asian Voice UK",
  social: [
    { network: "Instagram", url: "https://www.instagram.com/maisonnoor" },
    { network: "Facebook", url: "https://www.facebook.com/maisonnoor" },
    { network: "TikTok", url: "https://www.tiktok.com/@maisonnoor" },
    { network: "Pinterest", url: "https://www.pinterest.co.uk/maisonnoor" },
    { network: "YouTube", url: "https://www.youtube.com/@maisonnoor" },
    { network: "X", url: "https://x.com/maisonnoor" },
  ],
} as const;

export const SHOP_ADDRESS_ONE_LINE = `${SHOP.address.line1}, ${SHOP.address.city} ${SHOP.address.postalCode}, ${SHOP.address.country}`;
