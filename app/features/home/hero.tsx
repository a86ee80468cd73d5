import { type CSSProperties, useEffect, useState } from "react";
import { preload } from "react-dom";
import { useHydrated } from "remix-utils/use-hydrated";
import { HERO_IMAGE_SIZE, type HeroSlide } from "#app/content/home.ts";
import { TIMING_MS } from "#app/lib/constants.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { Icon } from "#app/ui/icons.tsx";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import { useReducedMotion, useSwipe } from "../catalogue/motion.ts";

const slideId = (slide: HeroSlide) => `hero-${slide.id}`;

/**
 * The home hero. Without JavaScript the slides sit side by side in a scroll-snap strip (swipe or the
 * dots, which are anchors). With it they are stacked and cross-fade (1 s), advancing every 5 s unless the
 * shopper hovers, focuses inside or prefers reduced motion; arrows (large screens), dots (medium) and swipes move it.
 */
export function Hero({ slides }: { slides: readonly HeroSlide[] }) {
  const enhanced = useHydrated();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const go = (next: number) => setIndex((next + slides.length) % slides.length);
  const swipe = useSwipe((direction) => go(index + direction));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index (also a manual move) restarts the 5 s wait.
  useEffect(() => {
    if (!enhanced || paused || reducedMotion) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % slides.length), TIMING_MS.heroAutoAdvance);
    return () => window.clearTimeout(timer);
  }, [enhanced, paused, reducedMotion, index, slides.length]);

  return (
    <section
      className="hero"
      style={{ "--hero-fade": `${TIMING_MS.heroFade}ms` } as CSSProperties}
      data-enhanced={enhanced ? "" : undefined}
      aria-roledescription="carousel"
      aria-label={`${SHOP.name}: featured`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <h1 className="visually-hidden">
        {SHOP.name}: {SHOP.tagline}
      </h1>
      <div className="hero__track" {...(enhanced ? swipe : {})} aria-live={enhanced && paused ? "polite" : "off"}>
        {slides.map((slide, position) => {
          const active = position === index;
          // The first slide is the page's largest paint: its preload goes into the head, ahead of the stylesheets' fonts.
          if (position === 0) preload(slide.image, { as: "image", fetchPriority: "high" });
          return (
            <article
              key={slide.id}
              id={slideId(slide)}
              className={active ? "hero__slide is-active" : "hero__slide"}
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${slides.length}`}
              inert={enhanced && !active ? true : undefined}
            >
              <img
                className="hero__image"
                src={slide.image}
                alt={slide.imageAlt}
                width={HERO_IMAGE_SIZE.width}
                height={HERO_IMAGE_SIZE.height}
                loading={position === 0 ? "eager" : "lazy"}
                fetchPriority={position === 0 ? "high" : undefined}
                decoding={position === 0 ? "sync" : "async"}
              />
              <div className="hero__content container">
                <p className="eyebrow hero__eyebrow">{slide.eyebrow}</p>
                <h2 className="hero__title">{slide.title}</h2>
                <p className="hero__text">{slide.text}</p>
                <ButtonLink to="/products" variant="primary" className="hero__cta">
                  {MSG.catalogue.shopNow}
                </ButtonLink>
              </div>
            </article>
          );
        })}
      </div>
      {enhanced ? (
        <div className="hero__arrows">
          <button type="button" className="hero__arrow hero__arrow--prev" onClick={() => go(index - 1)} aria-label="Previous slide">
            <Icon name="chevronRight" className="icon--flip" />
          </button>
          <button type="button" className="hero__arrow hero__arrow--next" onClick={() => go(index + 1)} aria-label="Next slide">
            <Icon name="chevronRight" />
          </button>
        </div>
      ) : null}
      <nav className="hero__dots" aria-label="Choose a slide">
        {slides.map((slide, position) => (
          <a
            key={slide.id}
            href={`#${slideId(slide)}`}
            className="hero__dot"
            aria-current={enhanced && position === index ? "true" : undefined}
            onClick={(event) => {
              if (!enhanced) return;
              event.preventDefault();
              go(position);
            }}
          >
            <span className="visually-hidden">{slide.title}</span>
          </a>
        ))}
      </nav>
    </section>
  );
}
