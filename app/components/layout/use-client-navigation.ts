import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * The anchor a plain click on `target` should follow on the client: an anchor to this site inside an element
 * marked `data-client-navigation`, opening in this tab, not a download. Null for anything else, which the
 * browser handles as usual (other sites, mail and phone links, new tabs, modified clicks).
 */
export function clientNavigationTarget(event: MouseEvent, origin: string): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest("[data-client-navigation]")) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.origin !== origin) return null;
  return anchor;
}

/**
 * Plain anchors in regions marked `data-client-navigation` (the footer, rendered once per process as markup;
 * a product card's picture and BUY NOW) navigate on the client as router links do. One listener instead of a router `Link` per anchor, which resolves
 * its path on every render; without JavaScript the anchors are ordinary links. It listens on the window in the
 * capture phase: React stops a click inside a part it has not hydrated yet (a deferred part whose code is still
 * loading) at the document, to replay it later, and the link would then load the page from the server.
 */
export function useClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = clientNavigationTarget(event, window.location.origin);
      if (!anchor) return;
      event.preventDefault();
      void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
    };
    window.addEventListener("click", onClick, { capture: true });
    return () => window.removeEventListener("click", onClick, { capture: true });
  }, [navigate]);
}
