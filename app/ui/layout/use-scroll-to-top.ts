import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * The page scrolls to the top on every route change. ScrollRestoration already does so for most
 * navigations, but pages may opt out with `preventScrollReset` for query-only changes (filters, tabs);
 * a change of pathname always starts at the top, or at the section its `#hash` names (`/about#press`).
 * Back/forward (POP) keeps the restored position.
 */
export function useScrollToTopOnPathChange() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input.
  useEffect(() => {
    if (navigationType === "POP") return;
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView({ behavior: "instant", block: "start" });
    else window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
}
