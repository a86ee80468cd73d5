import { CURRENCY_CHOICES } from "#app/features/currency/currency.ts";

/** The list changes only with a release; an hour-old copy offers at worst a currency the action then ignores. */
const MAX_AGE_SECONDS = 3600;

/** The display currencies as JSON, for the picker with JavaScript: the same for everyone, so any cache may keep it a while. */
export function loader() {
  return Response.json(CURRENCY_CHOICES, { headers: { "Cache-Control": `public, max-age=${MAX_AGE_SECONDS}` } });
}
