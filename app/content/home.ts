import type { IconName } from "#app/ui/icon-names.ts";
import { DELIVERY_TERMS } from "#contract/delivery.ts";
import { SHOP } from "#contract/shop.ts";

/** The home page's copy . Layout and behaviour live in the route and components. */

export interface HeroSlide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  image: string;
  imageAlt: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    id: "welcome",
    eyebrow: `Welcome to ${SHOP.name}`,
    title: "Modesty, beautifully made",
    text: "Flowing abayas, tailored coords and quiet luxury for every day and every occasion.",
    image: "/images/hero/welcome.svg",
    imageAlt: "A champagne embellished abaya, onyx and sage abayas and a dusty rose maxi dress on a brass rail under stone arches",
  },
  {
    id: "children",
    eyebrow: "The children's line",
    title: "Little ones, dressed with grace",
    text: "Soft, considered pieces for babies to fifteen-year-olds, made to move, play and celebrate in.",
    image: "/images/hero/children.svg",
    imageAlt: "Two blush and champagne girls' dresses and a sky blue baby romper on a brass rail",
  },
  {
    id: "new-styles",
    eyebrow: "New styles",
    title: "The new season has arrived",
    text: "Exclusive new arrivals every month: fresh silhouettes, rich fabrics and timeless colour.",
    image: "/images/hero/new-styles.svg",
    imageAlt: "A sage co-ord set, an emerald maxi dress and a mocha lounge set on a brass rail",
  },
];

export const HERO_IMAGE_SIZE = { width: 1600, height: 700 } as const;

export interface ValueCard {
  icon: IconName;
  title: string;
  text: string;
}

/** Why choose us: the seven promises, in their fixed order. */
export const WHY_CHOOSE_US: readonly ValueCard[] = [
  {
    icon: "sparkle",
    title: "Trendy and Timeless",
    text: "Designs that follow the season yet outlast it: pieces you will reach for year after year.",
  },
  {
    icon: "fabric",
    title: "Uncompromising Quality",
    text: "Superior-grade fabrics, French seams and hand-finished details in every garment.",
  },
  {
    icon: "gift",
    title: "Affordable Luxury",
    text: "Couture craftsmanship at honest prices, because elegance should not be out of reach.",
  },
  {
    icon: "needle",
    title: "Made For You",
    text: "Cut and sewn in-house in considered runs, with the women and children who wear them in mind.",
  },
  {
    icon: "integrity",
    title: "Sustainable Fashion",
    text: "Responsibly sourced fabrics, small batches and packaging that is kind to the planet.",
  },
  {
    icon: "ruler",
    title: "Perfect Fit Guarantee",
    text: "A detailed fit guide, several fits per style and easy exchanges if the size is not right.",
  },
  {
    icon: "user",
    title: "Customer First",
    text: `A team that answers ${SHOP.replyTime}, ${DELIVERY_TERMS.phrase} and a return process without fuss.`,
  },
];

export interface Testimonial {
  name: string;
  location: string;
  quote: string;
  rating: number;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Amina R.",
    location: "London",
    quote: "The abaya drapes beautifully and the fabric feels far more expensive than it was. I have already ordered a second colour.",
    rating: 5,
  },
  {
    name: "Sarah K.",
    location: "Manchester",
    quote: "Finally modest pieces that feel current. The coord set fits perfectly and the stitching is immaculate.",
    rating: 5,
  },
  {
    name: "Fatima H.",
    location: "Birmingham",
    quote: "My daughter's Eid outfit was the talk of the family. Soft on her skin and beautifully finished.",
    rating: 5,
  },
  {
    name: "Maryam A.",
    location: "Leicester",
    quote: "Delivery was swift and the packaging felt like opening a gift. Lovely attention to detail throughout.",
    rating: 5,
  },
  {
    name: "Hana S.",
    location: "Bradford",
    quote: "The fit guide was spot on. I ordered my usual size and it fits as if it were made for me.",
    rating: 5,
  },
  {
    name: "Zainab M.",
    location: "Glasgow",
    quote: "Elegant, comfortable and modest: exactly what I hoped for. The colours are even richer in person.",
    rating: 5,
  },
  {
    name: "Layla T.",
    location: "Leeds",
    quote: "I exchanged a size without any fuss and the new one arrived within days. Wonderful service.",
    rating: 4,
  },
  {
    name: "Noor B.",
    location: "Birmingham",
    quote: "The mini collection is adorable. Matching outfits with my little one made our family photos.",
    rating: 5,
  },
  {
    name: "Khadija O.",
    location: "Cardiff",
    quote: "Quality I would expect from a designer house, at a price that still feels fair. Highly recommended.",
    rating: 5,
  },
  {
    name: "Yasmin D.",
    location: "London",
    quote: "Visited the flagship on Green Street and the team styled me beautifully. Now I shop online every month.",
    rating: 5,
  },
];

export const PRESS = {
  eyebrow: "As featured in",
  title: "“Couture craftsmanship for modern modesty”",
  text: `Recognised by ${SHOP.pressOutlet} for bringing couture craftsmanship to modest fashion, and for a children's line that dresses little ones from baby to fifteen years with the same care.`,
  learnMore: "/about#press",
} as const;

export const FLAGSHIP = {
  eyebrow: "Our flagship store",
  title: "Visit the showroom",
  text: "Step into our London showroom to feel the fabrics, try every fit and be styled by our team.",
  learnMore: "/about#flagship",
} as const;

export const NEWSLETTER = {
  eyebrow: "Join our community",
  title: "Be the first to know",
  text: "New arrivals every month and news from our atelier, straight to your inbox.",
} as const;
