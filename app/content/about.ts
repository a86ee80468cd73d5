import { collectionHref } from "#app/ui/layout/navigation.ts";
import { SHOP } from "#contract/shop.ts";
import type { CardCopy, PageCopy, ProseBlock } from "./types.ts";

export const ABOUT_PAGE: PageCopy = {
  title: "About Us",
  eyebrow: "Our House",
  intro: `${SHOP.name} is a London house of modest and luxury fashion: considered silhouettes for women and children, designed in our own atelier and finished by hand.`,
  description: `Discover ${SHOP.name}: modest luxury fashion for women and children from baby to 15 years, our flagship store in ${SHOP.address.city} and the directors behind the house.`,
};

export const ABOUT_STORY: ProseBlock = {
  id: "our-story",
  heading: "Modesty, written in the language of luxury",
  paragraphs: [
    `${SHOP.name} began with a simple conviction: that covered, graceful clothing deserves the same care as any couture collection. What started as a small studio of abayas has grown into a wardrobe of occasionwear, coords and everyday pieces, each one cut to move beautifully and to be worn for years.`,
    "We design in small runs, choose our fabrics by hand and fit every pattern on real bodies before it reaches you. New arrivals land every month, while our signatures stay with us season after season.",
  ],
};

export const ABOUT_PILLARS: readonly CardCopy[] = [
  {
    icon: "fabric",
    title: "Superior-grade fabrics",
    text: "Fluid crepes, washed silks and breathable cottons from mills we know by name, chosen to drape softly and keep their shape.",
  },
  {
    icon: "needle",
    title: "Created in-house",
    text: "Every pattern is drafted, cut and finished in our own atelier, so each piece passes through the hands that designed it.",
  },
  {
    icon: "sparkle",
    title: "Modest, never compromised",
    text: "Full coverage with contemporary lines: abayas, coords and occasionwear made for movement, comfort and quiet elegance.",
  },
  {
    icon: "integrity",
    title: "Made with integrity",
    text: "Small runs, fair wages and considered packaging. Luxury should respect the people who make it and the world we share.",
  },
];

export const ABOUT_CHILDREN: ProseBlock = {
  id: "childrens-collection",
  heading: "The Children's Collection",
  paragraphs: [
    "Our children's line dresses little ones from baby to 15 years with the same fabrics and finishing as our womenswear, softened for play and sized to grow with them.",
    "Many pieces are designed to echo our women's styles, so mothers and daughters can dress together for Eid, weddings and family celebrations.",
  ],
  points: [
    "Baby: gentle jersey sets, christening gowns and first-occasion dresses",
    "Kids: twirling occasion dresses, coords and abayas for little ones",
    "Juniors up to 15 years: modest silhouettes with a grown-up finish",
  ],
};

export const ABOUT_CHILDREN_LINK = { to: collectionHref("Kids"), label: "Shop the Kids collection" };

/** The home page's "Learn more" about the press links here (`/about#press`). */
export const ABOUT_PRESS: ProseBlock = {
  id: "press",
  heading: "In the Press",
  paragraphs: [
    `${SHOP.pressOutlet} featured ${SHOP.name} for bringing couture craftsmanship to modest fashion: patterns drafted and fitted in our own atelier, fabrics chosen by hand, and finishing that would not be out of place on a runway.`,
    "The feature singled out our children's line, which dresses little ones from baby to fifteen years with the same fabrics and care as our womenswear, so that families can dress together for Eid, weddings and celebrations.",
  ],
};

/** The home page's "Learn more" about the showroom links here (`/about#flagship`). */
export const ABOUT_FLAGSHIP: ProseBlock = {
  id: "flagship",
  heading: "Our Flagship Store",
  paragraphs: [
    `Visit our showroom on ${SHOP.address.line1} in ${SHOP.address.city}, where the full collection hangs together and our stylists are on hand to help with fittings, alterations and gifting.`,
    "Private appointments are available for bridal parties and family occasions: contact us and we will prepare a selection in your sizes before you arrive.",
  ],
};

export interface Director {
  name: string;
  role: string;
  bio: string;
}

export const ABOUT_DIRECTORS: readonly Director[] = [
  {
    name: "Amira Noor",
    role: "Founder & Creative Director",
    bio: "Trained in pattern cutting in London and Milan, Amira founded the house to create the modest wardrobe she could never find. She leads every collection from first sketch to final fitting.",
  },
  {
    name: "Yusuf Rahman",
    role: "Managing Director",
    bio: "Yusuf brings fifteen years in British retail and supply chains. He looks after our mills, our atelier and our customers' experience, from the showroom floor to your doorstep.",
  },
];
