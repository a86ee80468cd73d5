import type { PageCopy } from "./types.ts";

export const CURRENCY_PAGE: PageCopy = {
  title: "Display Currency",
  eyebrow: "Prices",
  intro: "Every order is charged in pounds sterling. Choose the currency the shop shows its prices in.",
  description: "Choose the currency the shop shows its prices in.",
};
