import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * JavaScript enhancement for a `<details>` disclosure (menus, sliders, pickers): it closes on a
 * click outside it, on Escape (focus returns to its summary) and after any client-side navigation,
 * which a full page load would otherwise have done. Without JavaScript the element still opens and closes.
 */
export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();
  // The location the element was enhanced at: a shopper may open it before the page has hydrated,
  // and the enhancement must not shut it then; only a later navigation does.
  const enhancedAt = useRef(location.key);

  useEffect(() => {
    if (location.key === enhancedAt.current) return;
    enhancedAt.current = location.key;
    const details = ref.current;
    if (details) details.open = false;
  }, [ref, location.key]);

  useDismiss(ref, (how) => {
    const details = ref.current;
    if (!details?.open) return;
    details.open = false;
    if (how === "escape") details.querySelector("summary")?.focus();
  });
}

/**
 * While `active`, a press outside `container` or Escape anywhere calls `dismiss`, told which: what closes a
 * disclosure, a menu or a popover the way the platform's own do.
 */
export function useDismiss(container: RefObject<HTMLElement | null>, dismiss: (how: "outside" | "escape") => void, active = true) {
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) dismiss("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismiss("escape");
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [container, dismiss, active]);
}
