import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Tells an action that the page runs JavaScript, so it may answer in place (a message, then a
 * timed redirect) instead of redirecting at once. Rendered only after hydration.
 */
const ENHANCED_FIELD = "enhanced";

export function EnhancedField() {
  return useHydrated() ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}

export const isEnhanced = (formData: FormData) => formData.get(ENHANCED_FIELD) === "1";
