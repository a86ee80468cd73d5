import { useState } from "react";
import { useActionData, useLocation } from "react-router";

/**
 * A key for a form that starts afresh on each arrival at its page (a link, or the redirect after a success) but
 * stays mounted when a refused post comes back. React Router shows the reply while the page's data reloads and
 * moves to the new location only when that ends, so a form keyed on the location alone would be remounted then,
 * putting the refused values back over whatever was typed in between.
 */
export function useArrivalKey(): string {
  const { key } = useLocation();
  const reply = useActionData();
  const [arrival, setArrival] = useState(key);
  if (reply === undefined && arrival !== key) setArrival(key);
  return reply === undefined ? key : arrival;
}
