import { SIZES } from "#contract/constants.ts";

/**
 * products.size_mask: bit i is set when the product has a variant of SIZES[i], so the size filter reads the
 * product row (or a covering index) instead of probing its variants. The migration that added the column
 * backfilled it with the same bit per size.
 */
export const sizeBit = (size: string): number => {
  const index = (SIZES as readonly string[]).indexOf(size);
  return index === -1 ? 0 : 1 << index;
};

export const sizeMask = (sizes: Iterable<string>): number => {
  let mask = 0;
  for (const size of sizes) mask |= sizeBit(size);
  return mask;
};
