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

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);
}
