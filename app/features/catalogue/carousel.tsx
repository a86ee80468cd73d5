import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CAROUSEL_BREAKPOINTS, TIMING_MS } from "#app/lib/constants.ts";
import { Icon } from "#app/ui/icons.tsx";
import { animateScrollLeft, useReducedMotion, useSwipe } from "./motion.ts";

function visibleCards(width: number): number {
  return CAROUSEL_BREAKPOINTS.find((breakpoint) => width >= breakpoint.minWidth)?.visible ?? 1;
}

/**
 * A row of cards, 4/3/2/1 visible at 1245/937/668 px (the CSS mirrors CAROUSEL_BREAKPOINTS). Without
 * JavaScript it is a scroll-snap strip; with it, arrows and swipes move one card with a 300 ms eased scroll.
 */
export function Carousel({ label, items }: { label: string; items: readonly { key: string; content: ReactNode }[] }) {
  const enhanced = useHydrated();
  const reducedMotion = useReducedMotion();
  const viewport = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(1);
  const lastIndex = Math.max(0, items.length - visible);

  useEffect(() => {
    const update = () => setVisible(visibleCards(window.innerWidth));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);

  const scrollTo = useCallback(
    (target: number, animate: boolean) => {
      const list = viewport.current;
      const item = list?.children[target] as HTMLElement | undefined;
      const first = list?.children[0] as HTMLElement | undefined;
      if (!list || !item || !first) return () => {};
      return animateScrollLeft(list, item.offsetLeft - first.offsetLeft, animate && !reducedMotion ? TIMING_MS.carouselScroll : 0);
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (!enhanced) return;
    const clamped = Math.min(index, lastIndex);
    if (clamped !== index) setIndex(clamped);
    return scrollTo(clamped, true);
  }, [enhanced, index, lastIndex, scrollTo]);

  const move = (direction: 1 | -1) => setIndex((current) => Math.min(lastIndex, Math.max(0, current + direction)));
  const swipe = useSwipe(move);

  return (
    <section className="carousel" data-enhanced={enhanced ? "" : undefined} aria-roledescription="carousel" aria-label={label}>
      {/* Without JavaScript the strip scrolls by keyboard too: it takes the focus, as its cards may have nothing focusable. */}
      <ul className="carousel__track" ref={viewport} tabIndex={enhanced ? undefined : 0} {...(enhanced ? swipe : {})}>
        {items.map((item, position) => (
          <li
            key={item.key}
            className="carousel__item"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${items.length}`}
            inert={enhanced && (position < index || position >= index + visible) ? true : undefined}
          >
            {item.content}
          </li>
        ))}
      </ul>
      {enhanced && lastIndex > 0 ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__arrow" onClick={() => move(-1)} disabled={index === 0} aria-label="Previous">
            <Icon name="chevronRight" className="icon--flip" />
          </button>
          <button type="button" className="carousel__arrow" onClick={() => move(1)} disabled={index >= lastIndex} aria-label="Next">
            <Icon name="chevronRight" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
