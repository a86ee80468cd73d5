import type { Collection } from "#contract/constants.ts";
import { DELIVERY_TERMS, RETURN_TERMS } from "#contract/delivery.ts";
import { SHOP } from "#contract/shop.ts";

/**
 * The demo catalogue of Maison Noor as plain data: palette, garments, categories, products and shop texts.
 * The builder (catalogue-builder.ts) turns it into rows; the artwork generator draws one image per garment and colour used.
 */

export interface Colour {
  name: string;
  hex: string;
  /** Three letters in variant SKUs. */
  code: string;
  /** Precious shades (silk dyes, metallic threads) cost a little more on pieces over £100. */
  premium?: boolean;
}

export const COLOURS = {
  onyx: { name: "Onyx", hex: "#1f1d21", code: "ONX" },
  ivory: { name: "Ivory", hex: "#f2ebdd", code: "IVR" },
  champagne: { name: "Champagne", hex: "#dfc9a0", code: "CHP", premium: true },
  sage: { name: "Sage", hex: "#9fae98", code: "SAG" },
  dustyRose: { name: "Dusty Rose", hex: "#c4958f", code: "DRS" },
  navy: { name: "Navy", hex: "#1f2a44", code: "NVY" },
  mocha: { name: "Mocha", hex: "#7a5c4b", code: "MOC" },
  emerald: { name: "Emerald", hex: "#1e5a4b", code: "EMR", premium: true },
  blush: { name: "Blush", hex: "#e8c6bd", code: "BLS" },
  stone: { name: "Stone", hex: "#bcb1a1", code: "STN" },
  taupe: { name: "Taupe", hex: "#8c7d70", code: "TAU" },
  burgundy: { name: "Burgundy", hex: "#6a2433", code: "BRG", premium: true },
  olive: { name: "Olive", hex: "#6c6a45", code: "OLV" },
  pearlGrey: { name: "Pearl Grey", hex: "#c8c6c2", code: "PGR" },
  sand: { name: "Sand", hex: "#d6c09e", code: "SND" },
  lilac: { name: "Lilac", hex: "#bcaec9", code: "LIL" },
  sky: { name: "Sky", hex: "#b3c7d8", code: "SKY" },
  butter: { name: "Butter", hex: "#eee0ad", code: "BTR" },
} as const satisfies Record<string, Colour>;
export type ColourKey = keyof typeof COLOURS;

/** Garment silhouettes the artwork generator can draw; an image is `/images/products/<garment>-<colour slug>.svg`. */
const GARMENTS = [
  "maxi-dress",
  "tunic",
  "skirt",
  "trousers",
  "scarf",
  "abaya",
  "occasion-abaya",
  "kids-dress",
  "romper",
  "mini-me",
  "coord",
  "lounge-set",
] as const;
export type Garment = (typeof GARMENTS)[number];

export const SIZE_RANGES = {
  adult: ["XS", "S", "M", "L", "XL", "XXL"],
  adultCore: ["S", "M", "L", "XL"],
  /** Children's pieces map the shop's size letters to age bands (XS 2-3 y up to XL 13-15 y) in the size chart. */
  kids: ["XS", "S", "M", "L", "XL"],
  /** Baby pieces: XS 0-3 m, S 3-12 m, M 1-2 y. */
  baby: ["XS", "S", "M"],
  oneSize: ["One Size"],
} as const;
export type SizeRange = keyof typeof SIZE_RANGES;

export interface FitChoice {
  options: readonly string[];
  default: string;
  required?: boolean;
}

export const FITS = {
  dress: { options: ["Fitted", "Standard Fit", "Relaxed Fit"], default: "Fitted" },
  abaya: { options: ["Standard Fit", "Relaxed Fit"], default: "Standard Fit" },
  tailored: { options: ["Fitted", "Standard Fit", "Relaxed Fit"], default: "Standard Fit", required: true },
} as const satisfies Record<string, FitChoice>;

export type Fabric = "chiffon" | "satin" | "crepe" | "cotton" | "jersey" | "linen" | "velvet" | "knit" | "silk-modal" | "nida";

export interface CategoryData {
  name: string;
  slug: string;
  collection: Collection;
  description: string;
  /** The garment and colour of the category tile's artwork. */
  artwork: { garment: Garment; colour: ColourKey };
}

/** In display order: the first four make the home teaser, one from each of the shop's main lines. */
export const CATEGORIES: readonly CategoryData[] = [
  {
    name: "Maxi Dresses",
    slug: "maxi-dresses",
    collection: "Women",
    description: "Floor-sweeping silhouettes in chiffon, satin and crepe, cut generously for movement and modesty from morning to evening.",
    artwork: { garment: "maxi-dress", colour: "dustyRose" },
  },
  {
    name: "Everyday Abayas",
    slug: "everyday-abayas",
    collection: "Abayas",
    description: "Light, breathable abayas in nida, crepe and linen for the school run, the office and everything in between.",
    artwork: { garment: "abaya", colour: "onyx" },
  },
  {
    name: "Girls' Dresses",
    slug: "girls-dresses",
    collection: "Kids",
    description: "Twirl-worthy dresses for girls from two to fifteen: soft cottons for every day, tulle and velvet for Eid and weddings.",
    artwork: { garment: "kids-dress", colour: "blush" },
  },
  {
    name: "Co-ord Sets",
    slug: "co-ord-sets",
    collection: "Coords",
    description: "Matching tops and trousers, tailored to be worn together or apart, in linen, satin and crepe.",
    artwork: { garment: "coord", colour: "sage" },
  },
  {
    name: "Modest Tops & Tunics",
    slug: "modest-tops-tunics",
    collection: "Women",
    description: "Longline tunics and blouses that cover the hip, with thoughtful cuffs, side splits and fine embroidery.",
    artwork: { garment: "tunic", colour: "ivory" },
  },
  {
    name: "Skirts & Trousers",
    slug: "skirts-trousers",
    collection: "Women",
    description: "Pleated maxi skirts and fluid wide-leg trousers: the foundations of a modest wardrobe.",
    artwork: { garment: "skirt", colour: "champagne" },
  },
  {
    name: "Hijabs & Scarves",
    slug: "hijabs-scarves",
    collection: "Women",
    description: "Silk-modal, chiffon and jersey hijabs in our seasonal palette, finished by hand with rolled edges.",
    artwork: { garment: "scarf", colour: "sage" },
  },
  {
    name: "Occasion Abayas",
    slug: "occasion-abayas",
    collection: "Abayas",
    description: "Embellished, embroidered and pearl-trimmed abayas for Eid, weddings and evenings to remember.",
    artwork: { garment: "occasion-abaya", colour: "champagne" },
  },
  {
    name: "Baby & Toddler",
    slug: "baby-toddler",
    collection: "Kids",
    description: "Gentle organic cottons and muslins for the littlest ones, with easy poppers and soft frills.",
    artwork: { garment: "romper", colour: "butter" },
  },
  {
    name: "Mini-Me Sets",
    slug: "mini-me-sets",
    collection: "Mini",
    description: "Our best-loved designs in miniature, so mothers and daughters can match from the mosque to the wedding hall.",
    artwork: { garment: "mini-me", colour: "dustyRose" },
  },
  {
    name: "Lounge Co-ords",
    slug: "lounge-co-ords",
    collection: "Coords",
    description: "Soft ribbed knits and modal jerseys for slow weekends, travel days and the hours after iftar.",
    artwork: { garment: "lounge-set", colour: "mocha" },
  },
];

export interface ProductData {
  name: string;
  category: string;
  garment: Garment;
  fabric: Fabric;
  pricePence: number;
  /** The pre-sale price when the piece is on sale. */
  wasPence?: number;
  colours: readonly ColourKey[];
  sizes: SizeRange;
  fit?: FitChoice;
  /** Every variant sold out. */
  soldOut?: boolean;
  /** The opening sentence of the description; longer descriptions add the garment's paragraph. */
  lead: string;
}

/** Oldest first in this list does not matter: creation dates are derived from the position by the builder. */
export const PRODUCTS: readonly ProductData[] = [
  // Women: Maxi Dresses
  {
    name: "Layla Tiered Chiffon Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "chiffon",
    pricePence: 14_900,
    colours: ["dustyRose", "sage", "ivory"],
    sizes: "adult",
    fit: FITS.dress,
    lead: "Three soft tiers of double-layered chiffon fall from a gathered yoke, with full sleeves finished in a narrow cuff.",
  },
  {
    name: "Safiya Pleated Satin Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "satin",
    pricePence: 18_900,
    wasPence: 22_900,
    colours: ["champagne", "emerald", "onyx"],
    sizes: "adult",
    fit: FITS.dress,
    lead: "Sunray pleats catch the light on this liquid satin dress, anchored by a self-tie belt at the natural waist.",
  },
  {
    name: "Noor Belted Crepe Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "crepe",
    pricePence: 12_900,
    colours: ["navy", "mocha", "stone"],
    sizes: "adult",
    lead: "Our signature crepe dress: a high round neck, bishop sleeves and a removable belt that shapes without clinging.",
  },
  {
    name: "Amira Smocked Cotton Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "cotton",
    pricePence: 8_900,
    colours: ["blush", "sand", "olive"],
    sizes: "adult",
    lead: "Hand-smocked cuffs and a breezy cotton voile skirt make this the dress you reach for all summer.",
  },
  {
    name: "Hana Wrap Jersey Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "jersey",
    pricePence: 7_900,
    wasPence: 9_900,
    colours: ["onyx", "burgundy", "taupe"],
    sizes: "adult",
    lead: "A faux-wrap bodice in weighty jersey that drapes, never clings, with a modest crossover neckline.",
  },
  {
    name: "Zahra Floral Jacquard Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "satin",
    pricePence: 21_900,
    colours: ["champagne", "lilac", "pearlGrey"],
    sizes: "adult",
    fit: FITS.dress,
    lead: "Tone-on-tone jacquard roses woven into a satin ground, cut into a column that flares gently from the knee.",
  },
  {
    name: "Mariam Balloon Sleeve Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "linen",
    pricePence: 11_900,
    colours: ["ivory", "sage"],
    sizes: "adult",
    lead: "Washed linen with voluminous balloon sleeves, a keyhole button at the nape and deep side pockets.",
  },
  {
    name: "Inaya Button-Through Shirt Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "cotton",
    pricePence: 9_900,
    colours: ["stone", "navy", "ivory", "sage"],
    sizes: "adult",
    lead: "A crisp poplin shirt dress with a concealed placket, so it buttons to the hem without a single gap.",
  },
  {
    name: "Dalia Velvet Evening Maxi Dress",
    category: "Maxi Dresses",
    garment: "maxi-dress",
    fabric: "velvet",
    pricePence: 24_900,
    wasPence: 29_900,
    colours: ["emerald", "burgundy", "navy"],
    sizes: "adult",
    fit: FITS.dress,
    soldOut: true,
    lead: "Plush stretch velvet with a softly draped cowl at the neckline and sleeves that end in a gentle point.",
  },

  // Women: Modest Tops & Tunics
  {
    name: "Rania Longline Linen Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "linen",
    pricePence: 6_900,
    colours: ["ivory", "sage", "sand"],
    sizes: "adult",
    lead: "A relaxed linen tunic that skims the knee, with side splits for easy movement over wide trousers.",
  },
  {
    name: "Aisha Pleated Front Crepe Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "crepe",
    pricePence: 7_500,
    colours: ["onyx", "navy", "dustyRose"],
    sizes: "adult",
    lead: "Fine pin-tuck pleats run down the front of this fluid crepe tunic, finished with a neat band collar.",
  },
  {
    name: "Yasmin Embroidered Cotton Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "cotton",
    pricePence: 8_500,
    wasPence: 10_500,
    colours: ["ivory", "pearlGrey", "blush"],
    sizes: "adult",
    lead: "Tonal chikankari-style embroidery frames the neckline and cuffs of a soft cotton lawn tunic.",
  },
  {
    name: "Leena Satin Shell Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "satin",
    pricePence: 5_900,
    colours: ["champagne", "onyx"],
    sizes: "adult",
    lead: "A polished satin tunic to layer under abayas and blazers.",
  },
  {
    name: "Salma Side-Split Jersey Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "jersey",
    pricePence: 4_500,
    colours: ["taupe", "onyx", "olive", "stone"],
    sizes: "adult",
    lead: "The everyday jersey tunic, long enough to cover the hip, soft enough to live in.",
  },
  {
    name: "Huda Band Collar Shirt Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "cotton",
    pricePence: 6_500,
    colours: ["ivory", "navy"],
    sizes: "adult",
    lead: "A grandad-collar shirt tunic in crisp cotton poplin with mother-of-pearl buttons.",
  },
  {
    name: "Farah Ruffle Cuff Tunic Blouse",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "chiffon",
    pricePence: 5_500,
    wasPence: 6_900,
    colours: ["blush", "lilac", "ivory"],
    sizes: "adult",
    lead: "Layered chiffon ruffles at the cuff and a lined body make this blouse both pretty and practical.",
  },
  {
    name: "Sumaya Ribbed Knit Long Tunic",
    category: "Modest Tops & Tunics",
    garment: "tunic",
    fabric: "knit",
    pricePence: 7_900,
    colours: ["mocha", "stone", "onyx"],
    sizes: "adult",
    soldOut: true,
    lead: "A longline ribbed knit with a funnel neck, warm enough for winter walks and fine enough to layer.",
  },

  // Women: Skirts & Trousers
  {
    name: "Maya Pleated Maxi Skirt",
    category: "Skirts & Trousers",
    garment: "skirt",
    fabric: "satin",
    pricePence: 6_900,
    colours: ["champagne", "sage", "onyx", "dustyRose"],
    sizes: "adult",
    lead: "Knife pleats in lustrous satin swing from an elasticated back waistband: effortless with knits and tunics.",
  },
  {
    name: "Nadia Satin Slip Maxi Skirt",
    category: "Skirts & Trousers",
    garment: "skirt",
    fabric: "satin",
    pricePence: 7_900,
    wasPence: 9_500,
    colours: ["champagne", "emerald", "mocha"],
    sizes: "adult",
    lead: "A bias-cut slip skirt that pools just above the ankle, fully lined so it never turns sheer.",
  },
  {
    name: "Iman Wide-Leg Crepe Trousers",
    category: "Skirts & Trousers",
    garment: "trousers",
    fabric: "crepe",
    pricePence: 6_500,
    colours: ["onyx", "stone", "navy"],
    sizes: "adult",
    fit: FITS.tailored,
    lead: "High-rise wide-leg trousers with pressed creases and a flat front that sits smoothly under tunics.",
  },
  {
    name: "Reem Tiered Cotton Maxi Skirt",
    category: "Skirts & Trousers",
    garment: "skirt",
    fabric: "cotton",
    pricePence: 5_900,
    colours: ["ivory", "olive", "sand"],
    sizes: "adult",
    lead: "A three-tier cotton skirt with a drawstring waist, for picnics, beach walks and long lunches.",
  },
  {
    name: "Lina Palazzo Linen Trousers",
    category: "Skirts & Trousers",
    garment: "trousers",
    fabric: "linen",
    pricePence: 5_500,
    colours: ["ivory", "sand", "sage"],
    sizes: "adult",
    lead: "Palazzo trousers in washed linen, so wide they move like a skirt.",
  },
  {
    name: "Sana A-Line Wool-Blend Skirt",
    category: "Skirts & Trousers",
    garment: "skirt",
    fabric: "crepe",
    pricePence: 8_900,
    colours: ["taupe", "navy", "burgundy"],
    sizes: "adult",
    lead: "A structured A-line maxi in a brushed wool blend, lined in satin and finished with a hidden side zip.",
  },
  {
    name: "Alia Pleated Wide-Leg Trousers",
    category: "Skirts & Trousers",
    garment: "trousers",
    fabric: "crepe",
    pricePence: 7_500,
    wasPence: 8_900,
    colours: ["pearlGrey", "onyx", "mocha"],
    sizes: "adult",
    fit: FITS.tailored,
    lead: "Double front pleats and a generous leg give these crepe trousers their easy, elegant fall.",
  },
  {
    name: "Samira Chambray Maxi Skirt",
    category: "Skirts & Trousers",
    garment: "skirt",
    fabric: "cotton",
    pricePence: 4_900,
    colours: ["navy", "stone"],
    sizes: "adult",
    lead: "Soft chambray with patch pockets: a weekend skirt that only gets better with washing.",
  },

  // Women: Hijabs & Scarves
  {
    name: "Noor Silk-Modal Hijab",
    category: "Hijabs & Scarves",
    garment: "scarf",
    fabric: "silk-modal",
    pricePence: 2_800,
    colours: ["onyx", "champagne", "dustyRose", "sage"],
    sizes: "oneSize",
    lead: "Our bestselling hijab: a silk and modal blend with a soft sheen that stays put without pins.",
  },
  {
    name: "Everyday Chiffon Hijab",
    category: "Hijabs & Scarves",
    garment: "scarf",
    fabric: "chiffon",
    pricePence: 1_800,
    colours: ["ivory", "navy", "taupe"],
    sizes: "oneSize",
    lead: "Lightweight georgette chiffon with hand-rolled edges.",
  },
  {
    name: "Jersey Instant Hijab",
    category: "Hijabs & Scarves",
    garment: "scarf",
    fabric: "jersey",
    pricePence: 2_200,
    colours: ["onyx", "mocha", "stone"],
    sizes: "oneSize",
    lead: "A slip-on jersey hijab with a built-in underscarf, ready in seconds for busy mornings.",
  },
  {
    name: "Satin Occasion Wrap",
    category: "Hijabs & Scarves",
    garment: "scarf",
    fabric: "satin",
    pricePence: 4_500,
    colours: ["champagne", "emerald", "burgundy"],
    sizes: "oneSize",
    lead: "A wide satin wrap to drape over the shoulders or wear as a hijab on special days.",
  },
  {
    name: "Crinkle Cotton Scarf",
    category: "Hijabs & Scarves",
    garment: "scarf",
    fabric: "cotton",
    pricePence: 2_400,
    wasPence: 3_200,
    colours: ["sage", "blush", "sand"],
    sizes: "oneSize",
    lead: "Breathable crinkled cotton that needs no ironing.",
  },
  {
    name: "Cashmere-Blend Stole",
    category: "Hijabs & Scarves",
    garment: "scarf",
    fabric: "knit",
    pricePence: 8_900,
    colours: ["pearlGrey", "taupe", "onyx"],
    sizes: "oneSize",
    lead: "A generous stole in a cashmere and fine wool blend, finished with a short knotted fringe.",
  },

  // Abayas: Everyday Abayas
  {
    name: "Essential Crepe Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "crepe",
    pricePence: 8_900,
    colours: ["onyx", "navy", "mocha"],
    sizes: "adultCore",
    fit: FITS.abaya,
    lead: "The abaya every wardrobe starts with: matte crepe, a clean round neck and straight sleeves with inner snaps.",
  },
  {
    name: "Nida Open-Front Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "nida",
    pricePence: 9_900,
    colours: ["onyx", "stone", "taupe"],
    sizes: "adultCore",
    fit: FITS.abaya,
    lead: "Feather-light Japanese nida in an open-front cut, with a matching sash to close it when you wish.",
  },
  {
    name: "Kimono Sleeve Linen Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "linen",
    pricePence: 10_900,
    colours: ["ivory", "sand", "sage"],
    sizes: "adultCore",
    lead: "Wide kimono sleeves and breathable linen for warm days and summer travel.",
  },
  {
    name: "Pleated Sleeve Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "crepe",
    pricePence: 11_900,
    wasPence: 13_900,
    colours: ["onyx", "emerald", "navy"],
    sizes: "adultCore",
    fit: FITS.abaya,
    lead: "Accordion-pleated sleeves bring quiet movement to a streamlined crepe abaya.",
  },
  {
    name: "Belted Jersey Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "jersey",
    pricePence: 7_900,
    colours: ["mocha", "onyx", "olive"],
    sizes: "adultCore",
    lead: "A soft jersey abaya with a tie belt, as comfortable as loungewear and smart enough for work.",
  },
  {
    name: "Zip-Front Everyday Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "nida",
    pricePence: 8_500,
    colours: ["navy", "onyx"],
    sizes: "oneSize",
    lead: "A concealed front zip makes this nida abaya nursing-friendly and quick to throw on.",
  },
  {
    name: "Butterfly Chiffon Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "chiffon",
    pricePence: 9_500,
    colours: ["dustyRose", "lilac", "pearlGrey"],
    sizes: "oneSize",
    lead: "A floaty butterfly cut in layered chiffon that flatters every height.",
  },
  {
    name: "Hooded Travel Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "jersey",
    pricePence: 8_900,
    colours: ["stone", "onyx", "taupe"],
    sizes: "adultCore",
    lead: "Crease-resistant with a soft hood and zipped pockets for passports and phones.",
  },
  {
    name: "Textured Nida Closed Abaya",
    category: "Everyday Abayas",
    garment: "abaya",
    fabric: "nida",
    pricePence: 10_500,
    colours: ["onyx", "navy"],
    sizes: "adultCore",
    fit: FITS.abaya,
    soldOut: true,
    lead: "A closed abaya in a subtly textured nida that hides creases through the longest day.",
  },

  // Abayas: Occasion Abayas
  {
    name: "Aurelia Embellished Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "crepe",
    pricePence: 28_900,
    colours: ["onyx", "champagne", "emerald"],
    sizes: "adultCore",
    fit: FITS.tailored,
    lead: "Hand-set crystals and gold thread trace the front opening and cuffs of a heavyweight crepe abaya.",
  },
  {
    name: "Pearl Trim Satin Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "satin",
    pricePence: 24_900,
    wasPence: 29_900,
    colours: ["ivory", "champagne", "pearlGrey"],
    sizes: "adultCore",
    fit: FITS.abaya,
    lead: "Freshwater-style pearls edge the neckline and sleeves of this luminous satin abaya.",
  },
  {
    name: "Gold Thread Bisht Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "nida",
    pricePence: 31_900,
    colours: ["onyx", "navy", "burgundy"],
    sizes: "oneSize",
    lead: "Inspired by the ceremonial bisht: a flowing open abaya with a broad band of gold zari embroidery.",
  },
  {
    name: "Lace Cuff Chiffon Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "chiffon",
    pricePence: 19_900,
    colours: ["blush", "dustyRose", "onyx"],
    sizes: "adultCore",
    lead: "Layers of chiffon over a satin slip, finished with deep scalloped lace at the cuffs.",
  },
  {
    name: "Velvet Eid Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "velvet",
    pricePence: 22_900,
    colours: ["emerald", "burgundy", "navy"],
    sizes: "adultCore",
    fit: FITS.abaya,
    lead: "Deep-pile velvet with a champagne-gold piped trim, made for winter weddings and Eid mornings.",
  },
  {
    name: "Embroidered Kaftan Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "chiffon",
    pricePence: 26_900,
    wasPence: 32_000,
    colours: ["champagne", "sage", "ivory"],
    sizes: "oneSize",
    lead: "A kaftan-cut abaya embroidered with vines of tonal silk thread across the yoke.",
  },
  {
    name: "Crystal Cuff Crepe Abaya",
    category: "Occasion Abayas",
    garment: "occasion-abaya",
    fabric: "crepe",
    pricePence: 25_900,
    colours: ["onyx", "mocha"],
    sizes: "adultCore",
    fit: FITS.tailored,
    soldOut: true,
    lead: "Clean lines and a cascade of crystals at each cuff.",
  },

  // Kids: Girls' Dresses
  {
    name: "Little Layla Tulle Party Dress",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "chiffon",
    pricePence: 4_900,
    colours: ["blush", "ivory", "lilac"],
    sizes: "kids",
    lead: "Layers of soft tulle over a cotton lining, with a satin sash that ties in a big bow at the back.",
  },
  {
    name: "Rosie Smocked Cotton Dress",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "cotton",
    pricePence: 3_500,
    colours: ["sky", "butter", "blush"],
    sizes: "kids",
    lead: "Hand-smocked across the chest in pure cotton, easy to wash and made to be played in.",
  },
  {
    name: "Eid Sequin Bodice Gown",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "satin",
    pricePence: 6_900,
    wasPence: 8_500,
    colours: ["champagne", "emerald", "dustyRose"],
    sizes: "kids",
    lead: "Soft sequins on the bodice and a full satin skirt for the most special day of the year.",
  },
  {
    name: "Amelia Floral Tiered Dress",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "cotton",
    pricePence: 3_900,
    colours: ["sage", "blush", "butter"],
    sizes: "kids",
    lead: "A tiered cotton dress with long sleeves and a scattering of tiny embroidered flowers.",
  },
  {
    name: "Velvet Bow Occasion Dress",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "velvet",
    pricePence: 5_500,
    colours: ["burgundy", "navy", "emerald"],
    sizes: "kids",
    lead: "Velvet with a satin bow collar.",
  },
  {
    name: "Linen Pinafore Maxi Dress",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "linen",
    pricePence: 4_200,
    colours: ["sand", "sage", "ivory"],
    sizes: "kids",
    lead: "A linen pinafore maxi to layer over tees in summer and roll-necks in winter.",
  },
  {
    name: "Princess Puff Sleeve Gown",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "satin",
    pricePence: 7_500,
    colours: ["ivory", "lilac", "champagne"],
    sizes: "kids",
    lead: "Puffed sleeves, a full satin skirt and covered buttons down the back: a gown for weddings and parties.",
  },
  {
    name: "Broderie Anglaise Sundress",
    category: "Girls' Dresses",
    garment: "kids-dress",
    fabric: "cotton",
    pricePence: 3_200,
    wasPence: 4_000,
    colours: ["ivory", "sky"],
    sizes: "kids",
    lead: "Classic broderie anglaise with a scalloped hem.",
  },

  // Kids: Baby & Toddler
  {
    name: "Organic Cotton Frill Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "cotton",
    pricePence: 2_800,
    colours: ["blush", "butter", "sky"],
    sizes: "baby",
    lead: "GOTS-certified organic cotton with frilled shoulders and poppers along the legs for quick changes.",
  },
  {
    name: "Peter Pan Collar Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "cotton",
    pricePence: 3_200,
    colours: ["ivory", "sage", "sky"],
    sizes: "baby",
    lead: "A sweet rounded collar and pintucked front, in the softest brushed cotton.",
  },
  {
    name: "Knitted Cardigan Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "knit",
    pricePence: 3_900,
    colours: ["stone", "blush", "sand"],
    sizes: "baby",
    lead: "A cosy cotton-knit romper that buttons like a cardigan, for chilly mornings.",
  },
  {
    name: "Muslin Bubble Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "cotton",
    pricePence: 2_600,
    wasPence: 3_200,
    colours: ["butter", "sage", "ivory"],
    sizes: "baby",
    lead: "Double-layer muslin in a bubble shape: airy and gentle on new skin.",
  },
  {
    name: "Velvet Christening Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "velvet",
    pricePence: 4_500,
    colours: ["ivory", "champagne"],
    sizes: "baby",
    lead: "Soft velvet and a satin collar for aqiqah, christenings and first Eids.",
  },
  {
    name: "Broderie Baby Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "cotton",
    pricePence: 2_900,
    colours: ["blush", "sky", "ivory"],
    sizes: "baby",
    lead: "Broderie anglaise trims at the shoulders and a cotton lining.",
  },
  {
    name: "Fleece Snuggle Romper",
    category: "Baby & Toddler",
    garment: "romper",
    fabric: "knit",
    pricePence: 3_400,
    colours: ["stone", "sky"],
    sizes: "baby",
    soldOut: true,
    lead: "Brushed fleece with fold-over mitts, for pram walks on frosty days.",
  },

  // Mini: Mini-Me Sets
  {
    name: "Mini Layla Tiered Dress",
    category: "Mini-Me Sets",
    garment: "mini-me",
    fabric: "chiffon",
    pricePence: 5_900,
    colours: ["dustyRose", "sage", "ivory"],
    sizes: "kids",
    lead: "The Layla tiered chiffon dress made small, so she can match her mother at every celebration.",
  },
  {
    name: "Mini Safiya Satin Dress",
    category: "Mini-Me Sets",
    garment: "mini-me",
    fabric: "satin",
    pricePence: 6_900,
    wasPence: 7_900,
    colours: ["champagne", "emerald"],
    sizes: "kids",
    lead: "Sunray-pleated satin in a child's cut, with an elasticated waist for comfort.",
  },
  {
    name: "Mother & Daughter Abaya Duo",
    category: "Mini-Me Sets",
    garment: "mini-me",
    fabric: "crepe",
    pricePence: 16_900,
    colours: ["onyx", "navy", "mocha"],
    sizes: "adultCore",
    fit: FITS.abaya,
    lead: "Our Essential Crepe Abaya with a matching girls' abaya, boxed together as a gift set.",
  },
  {
    name: "Mini Eid Kaftan",
    category: "Mini-Me Sets",
    garment: "mini-me",
    fabric: "chiffon",
    pricePence: 7_500,
    colours: ["champagne", "ivory", "blush"],
    sizes: "kids",
    lead: "Tonal embroidery on a flowing chiffon kaftan that matches our Embroidered Kaftan Abaya.",
  },
  {
    name: "Mini Linen Co-ord Dress",
    category: "Mini-Me Sets",
    garment: "mini-me",
    fabric: "linen",
    pricePence: 4_900,
    colours: ["sand", "sage"],
    sizes: "kids",
    lead: "Washed linen in our summer shades, cut to match the Mariam dress.",
  },

  // Coords: Co-ord Sets
  {
    name: "Lina Linen Shirt & Trouser Set",
    category: "Co-ord Sets",
    garment: "coord",
    fabric: "linen",
    pricePence: 12_900,
    colours: ["ivory", "sand", "sage"],
    sizes: "adult",
    fit: FITS.dress,
    lead: "A boxy linen shirt with dropped shoulders and matching palazzo trousers with a drawstring waist.",
  },
  {
    name: "Satin Kimono Co-ord",
    category: "Co-ord Sets",
    garment: "coord",
    fabric: "satin",
    pricePence: 16_900,
    wasPence: 19_900,
    colours: ["champagne", "emerald", "onyx"],
    sizes: "adult",
    fit: FITS.tailored,
    lead: "A wrap kimono jacket and wide satin trousers: separates that make an evening outfit together.",
  },
  {
    name: "Pleated Tunic & Palazzo Set",
    category: "Co-ord Sets",
    garment: "coord",
    fabric: "crepe",
    pricePence: 13_900,
    colours: ["dustyRose", "navy", "stone"],
    sizes: "adult",
    lead: "A pin-tucked crepe tunic over pleated palazzo trousers, in one easy colour story.",
  },
  {
    name: "Tailored Crepe Co-ord",
    category: "Co-ord Sets",
    garment: "coord",
    fabric: "crepe",
    pricePence: 14_900,
    colours: ["onyx", "mocha", "taupe"],
    sizes: "adult",
    fit: FITS.tailored,
    soldOut: true,
    lead: "A longline collarless blazer and straight trousers in stretch crepe, for the boardroom and beyond.",
  },
  {
    name: "Embroidered Kurta Co-ord",
    category: "Co-ord Sets",
    garment: "coord",
    fabric: "cotton",
    pricePence: 15_900,
    colours: ["ivory", "pearlGrey"],
    sizes: "adult",
    lead: "A cotton kurta with tonal embroidery at the neckline and cuffs, paired with straight-leg trousers.",
  },

  // Coords: Lounge Co-ords
  {
    name: "Ribbed Knit Lounge Set",
    category: "Lounge Co-ords",
    garment: "lounge-set",
    fabric: "knit",
    pricePence: 8_900,
    colours: ["mocha", "stone", "onyx"],
    sizes: "adult",
    lead: "A longline ribbed jumper and wide-leg trousers in a soft viscose knit.",
  },
  {
    name: "Modal Jersey Lounge Set",
    category: "Lounge Co-ords",
    garment: "lounge-set",
    fabric: "jersey",
    pricePence: 7_500,
    wasPence: 8_900,
    colours: ["sage", "blush", "pearlGrey"],
    sizes: "adult",
    lead: "Silky modal jersey in a long tee and cuffed joggers, made for slow mornings.",
  },
  {
    name: "Brushed Cotton Lounge Set",
    category: "Lounge Co-ords",
    garment: "lounge-set",
    fabric: "cotton",
    pricePence: 6_900,
    colours: ["navy", "taupe", "sand"],
    sizes: "adult",
    lead: "A brushed cotton sweatshirt and joggers, warm and washable.",
  },
  {
    name: "Waffle Knit Lounge Co-ord",
    category: "Lounge Co-ords",
    garment: "lounge-set",
    fabric: "knit",
    pricePence: 7_900,
    colours: ["ivory", "olive", "mocha"],
    sizes: "adult",
    lead: "Textured waffle knit with a relaxed crew neck and matching straight trousers.",
  },
  {
    name: "Cashmere-Blend Lounge Set",
    category: "Lounge Co-ords",
    garment: "lounge-set",
    fabric: "knit",
    pricePence: 19_900,
    colours: ["pearlGrey", "onyx", "taupe"],
    sizes: "adult",
    lead: "Our most luxurious loungewear: a cashmere-blend jumper and trousers that feel like a cloud.",
  },
];

/** The paragraph that follows a product's lead on its longer description. */
export const GARMENT_STORY: Record<Garment, string> = {
  "maxi-dress":
    "Cut long enough to graze the ankle at every size, fully lined through the body and designed in our London studio to be worn with or without a belt, from family lunches to evening receptions.",
  tunic:
    "It falls past the hip with a straight, forgiving line, pairs equally well with wide trousers, pleated skirts and tailored jeans, and keeps its shape wash after wash.",
  skirt:
    "The waistband sits comfortably at the natural waist, the length is generous enough for flats and heels alike, and a soft lining keeps the drape smooth and opaque.",
  trousers:
    "Cut with a comfortable high rise and a fluid, generous leg that reads as elegant as a skirt, with pockets deep enough for a phone and a hem that sits right with flats or heels.",
  scarf:
    "Generously sized for every style of wrap, it frames the face softly, breathes through long days and is finished by hand in our workroom.",
  abaya:
    "Made in our own workroom from fabric chosen for its fall and breathability, with discreet pockets, a length that skims the floor and sleeves that stay put while you get on with your day.",
  "occasion-abaya":
    "Each piece is finished by hand by our atelier embroiderers, takes several days to complete and arrives in a keepsake garment bag, ready for the celebration it was made for.",
  "kids-dress":
    "Made for children who want to twirl and run: soft seams, a cotton lining against the skin, easy fastenings and a length that is modest without tripping little feet.",
  romper:
    "Designed with parents in mind: poppers in all the right places, fabrics softened by washing and sizes cut with a little room to grow.",
  "mini-me":
    "Made alongside the women's design in the same fabric and shade, so mothers and daughters match perfectly; it is cut for comfort with a soft lining and easy fastenings.",
  coord:
    "Both pieces are sold together and cut to be worn as a set or separately, with a top long enough to cover the hip and trousers with a comfortable, generous leg.",
  "lounge-set":
    "Both pieces are sold together and cut loose for comfort but tidy enough to answer the door in, with a longline top that covers the hip and relaxed trousers.",
};

export const FABRIC_CARE: Record<Fabric, string> = {
  chiffon:
    "100% polyester georgette chiffon, lined in soft satin. Hand wash cold or dry clean. Do not tumble dry. Cool iron on the reverse.",
  satin:
    "Heavy crepe-back satin (97% polyester, 3% elastane). Dry clean recommended; otherwise hand wash cold and hang to dry. Steam rather than iron.",
  crepe: "Matte stretch crepe (95% polyester, 5% elastane). Machine wash at 30°C on a delicate cycle, hang to dry, cool iron if needed.",
  cotton: "100% cotton. Machine wash at 30°C with similar colours. Reshape while damp and dry flat; warm iron.",
  jersey: "Modal jersey (92% modal, 8% elastane). Machine wash at 30°C, dry flat to keep its shape. Do not tumble dry.",
  linen: "100% washed European linen. Machine wash at 40°C, line dry; linen softens with every wash. Iron while damp.",
  velvet: "Stretch velvet (90% polyester, 10% elastane). Dry clean only. Steam gently from the reverse; never press the pile.",
  knit: "Soft knit in a viscose and wool blend. Hand wash cold with wool detergent, dry flat away from direct heat.",
  "silk-modal": "Silk and modal blend (30% silk, 70% modal). Hand wash cold and dry flat in the shade. Cool iron.",
  nida: "Japanese nida (100% polyester), crease-resistant and quick-drying. Machine wash at 30°C, hang to dry.",
};

/** The shop's delivery terms, from the shipping method it charges: the seed never promises other terms. */
export const DELIVERY_RETURNS_TEXT = DELIVERY_TERMS.productText;

/** The shop's returns terms: a product's own text may not promise others (the code keeps only these). */
export const RETURN_EXCHANGES_TEXT = RETURN_TERMS.productText;

export const CONTACT_INFO_TEXT = `Questions about fit or fabric? Our stylists answer e-mail at ${SHOP.email} ${SHOP.replyTime}, take calls on ${SHOP.phone}, and see you in person at our flagship on ${SHOP.address.line1}, ${SHOP.address.city}.`;

/** Lookup header ids besides PRODUCT_CATEGORY (constants.ts): sizes, contact subjects and fits. */
export const LOOKUP_HEADER = { sizes: 1, contactSubjects: 2, fits: 3 } as const;

export const CONTACT_SUBJECTS = ["General Inquiry", "Product Return", "Product Exchange", "Custom Query"] as const;

export const PROMO_CODES = [
  {
    code: "WELCOME10",
    description: "10% off your first purchase",
    discount_type: "percentage",
    discount_value: 10,
    min_basket_pence: 0,
    first_purchase_only: 1,
  },
  {
    code: "SAVE10",
    description: "£10 off baskets of £75 or more",
    discount_type: "fixed",
    discount_value: 1_000,
    min_basket_pence: 7_500,
    first_purchase_only: 0,
  },
] as const;
