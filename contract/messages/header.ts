/** The site header's texts: a section of their own because every page carries them. */
export const header = {
  cartIconLabel: (shown: string, count: number) => (count > 0 ? `Cart, ${shown} ${count === 1 ? "item" : "items"}` : "Cart, empty"),
} as const;
