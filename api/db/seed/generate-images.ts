/**
 * Writes the shop's artwork under public/images: one product image per garment and colour the demo uses,
 * one tile per category, the three home hero slides, the flagship's front, the directors' portraits and the
 * placeholder. Run: `node api/db/seed/generate-images.ts`.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PLACEHOLDER_IMAGE, SHOP_IMAGES } from "#contract/constants.ts";
import { SHOP } from "#contract/shop.ts";
import { categoryImage, heroImage, placeholderImage, portraitImage, productImage, storeFrontImage } from "./artwork.ts";
import { COLOURS_BY_GARMENT, categoryImageUrl, productImageUrl } from "./catalogue-builder.ts";
import { CATEGORIES, COLOURS, type ColourKey, type Garment } from "./catalogue-data.ts";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "../../../public");
const write = (url: string, content: string) => {
  const file = join(publicDir, url);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
};

const GARMENT_LABEL: Record<Garment, string> = {
  "maxi-dress": "maxi dress",
  tunic: "tunic",
  skirt: "maxi skirt",
  trousers: "wide-leg trousers",
  scarf: "hijab",
  abaya: "abaya",
  "occasion-abaya": "embellished abaya",
  "kids-dress": "girls' dress",
  romper: "baby romper",
  "mini-me": "matching mother and daughter dresses",
  coord: "co-ord set",
  "lounge-set": "lounge set",
};

const HEROES: Record<string, { garment: Garment; colour: ColourKey }[]> = {
  welcome: [
    { garment: "occasion-abaya", colour: "champagne" },
    { garment: "abaya", colour: "onyx" },
    { garment: "maxi-dress", colour: "dustyRose" },
    { garment: "abaya", colour: "sage" },
  ],
  children: [
    { garment: "kids-dress", colour: "blush" },
    { garment: "romper", colour: "sky" },
    { garment: "kids-dress", colour: "champagne" },
  ],
  "new-styles": [
    { garment: "coord", colour: "sage" },
    { garment: "maxi-dress", colour: "emerald" },
    { garment: "lounge-set", colour: "mocha" },
  ],
};

/** The directors of the about page, by name: a veiled portrait or not, the colour they wear, a skin tone. */
const DIRECTORS = [
  { name: "Amira Noor", veiled: true, colour: "mocha", skin: "#c99a78" },
  { name: "Yusuf Rahman", veiled: false, colour: "navy", skin: "#b98662" },
] as const satisfies readonly { name: string; veiled: boolean; colour: ColourKey; skin: string }[];

for (const folder of ["products", "categories", "hero", "shop"])
  rmSync(join(publicDir, "images", folder), { recursive: true, force: true });

let count = 0;
for (const [garment, colours] of COLOURS_BY_GARMENT) {
  for (const colour of colours) {
    write(
      productImageUrl(garment, colour),
      productImage(garment, COLOURS[colour].hex, `${COLOURS[colour].name} ${GARMENT_LABEL[garment]}`),
    );
    count++;
  }
}
for (const category of CATEGORIES) {
  const { garment, colour } = category.artwork;
  write(categoryImageUrl(category.slug), categoryImage(garment, COLOURS[colour].hex, category.name));
  count++;
}
for (const [name, pieces] of Object.entries(HEROES)) {
  const label = pieces.map(({ garment, colour }) => `${COLOURS[colour].name.toLowerCase()} ${GARMENT_LABEL[garment]}`).join(", ");
  write(
    `/images/hero/${name}.svg`,
    heroImage(
      pieces.map(({ garment, colour }) => ({ garment, hex: COLOURS[colour].hex })),
      label,
    ),
  );
  count++;
}
write(
  SHOP_IMAGES.flagship,
  storeFrontImage(
    [
      [
        { garment: "occasion-abaya", hex: COLOURS.champagne.hex },
        { garment: "abaya", hex: COLOURS.onyx.hex },
      ],
      [
        { garment: "maxi-dress", hex: COLOURS.dustyRose.hex },
        { garment: "kids-dress", hex: COLOURS.blush.hex },
      ],
    ],
    SHOP.name,
    `The ${SHOP.name} flagship store on ${SHOP.address.line1}, ${SHOP.address.city}`,
  ),
);
count++;
for (const director of DIRECTORS) {
  write(
    SHOP_IMAGES.director(director.name),
    portraitImage({ veiled: director.veiled, hex: COLOURS[director.colour].hex, skin: director.skin }, `Portrait of ${director.name}`),
  );
  count++;
}
write(PLACEHOLDER_IMAGE, placeholderImage());
console.log(`Wrote ${count + 1} images under ${join(publicDir, "images")}.`);
