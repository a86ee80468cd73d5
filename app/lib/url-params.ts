/**
 * Readers of one URL parameter value each: the value when it fits, else null. Plain functions rather than zod,
 * because the listing and the product page read their URL in the browser too, and zod would then ship on them.
 */

export function textParam(value: string, maxLength: number): string | null {
  const text = value.trim();
  return text.length > 0 && text.length <= maxLength ? text : null;
}

/** A number between `min` and `max` (`Number()` reading, so ' 12 ' and '1e3' count); whole numbers only with `integer`. */
export function numberParam(value: string, range: { min: number; max: number; integer?: boolean }): number | null {
  if (value.trim() === "") return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < range.min || number > range.max) return null;
  return range.integer && !Number.isInteger(number) ? null : number;
}

export function oneOfParam<T extends string>(value: string, allowed: readonly T[]): T | null {
  return allowed.find((option) => option === value) ?? null;
}
