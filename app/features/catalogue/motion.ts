import { type PointerEvent, useEffect, useRef, useState } from "react";
import { SWIPE_THRESHOLD_PX } from "#app/lib/constants.ts";

/** Whether the shopper asked for less motion; false on the server and until hydration. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * Touch and pen swipes: a horizontal move of more than SWIPE_THRESHOLD_PX calls `onSwipe(1)` (towards the
 * next item, finger moving left) or `onSwipe(-1)`. Mouse drags are left to the browser.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType !== "mouse") start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}

/** Smooth ease in and out, for scroll animations of a fixed duration. */
const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Animates `element.scrollLeft` to `target` over `durationMs`; answers a function that cancels it. */
export function animateScrollLeft(element: HTMLElement, target: number, durationMs: number): () => void {
  const from = element.scrollLeft;
  if (durationMs <= 0 || from === target) {
    element.scrollLeft = target;
    return () => {};
  }
  let frame = 0;
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / durationMs);
    element.scrollLeft = from + (target - from) * easeInOutCubic(progress);
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
