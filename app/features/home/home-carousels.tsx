import type { Testimonial, ValueCard } from "#app/content/home.ts";
import { Icon } from "#app/ui/icons.tsx";
import { RATING_MAX } from "#contract/constants.ts";
import { Carousel } from "../catalogue/carousel.tsx";
import { Stars } from "../catalogue/rating.tsx";

/**
 * The home page's two carousels, their cards built from the page's copy here rather than in the page, so the
 * page hands them props that keep their identity (loader data) and they can load their code when seen.
 */
export function ReasonsCarousel({ cards }: { cards: readonly ValueCard[] }) {
  return (
    <Carousel
      label="Reasons to choose us"
      items={cards.map((card) => ({
        key: card.title,
        content: (
          <div className="value-card">
            <Icon name={card.icon} className="value-card__icon" />
            <h3 className="value-card__title">{card.title}</h3>
            <p className="value-card__text">{card.text}</p>
          </div>
        ),
      }))}
    />
  );
}

export function TestimonialsCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <Carousel
      label="Customer testimonials"
      items={testimonials.map((testimonial) => ({
        key: testimonial.name,
        content: (
          <figure className="testimonial">
            <Stars value={testimonial.rating} label={`Rated ${testimonial.rating} out of ${RATING_MAX}`} />
            <blockquote className="testimonial__quote">
              <p>{testimonial.quote}</p>
            </blockquote>
            <figcaption className="testimonial__author">
              <span>{testimonial.name}</span>
              <span className="testimonial__place">{testimonial.location}</span>
            </figcaption>
          </figure>
        ),
      }))}
    />
  );
}
