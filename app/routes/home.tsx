import { memo } from "react";
import { Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { FLAGSHIP, HERO_SLIDES, NEWSLETTER, PRESS, TESTIMONIALS, WHY_CHOOSE_US } from "#app/content/home.ts";
import { fetchActiveCategories, fetchLatest, fetchTrending, mapLoaded } from "#app/features/catalogue/catalogue.server.ts";
import { categoryHref } from "#app/features/catalogue/listing-path.ts";
import { ProductGrid } from "#app/features/catalogue/product-card.tsx";
import { toCategoryTile, toProductCard } from "#app/features/catalogue/product-view.ts";
import { Hero } from "#app/features/home/hero.tsx";
import { ReasonsCarousel, TestimonialsCarousel } from "#app/features/home/home-carousels.tsx";
import { NewsletterForm } from "#app/features/home/newsletter-form.tsx";
import { honeypotLoaderData } from "#app/forms/honeypot.server.ts";
import { COLOR_DOTS } from "#app/lib/constants.ts";
import { organizationJsonLd, pageMeta } from "#app/lib/seo.ts";
import { shoppingPathSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { Icon } from "#app/ui/icons.tsx";
import { SectionHeading } from "#app/ui/section-heading.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { PAGE_SIZE, SHOP_IMAGES } from "#contract/constants.ts";
import { DELIVERY_TERMS } from "#contract/delivery.ts";
import type { ProductSummaryDto } from "#contract/dto/product.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";
import type { Route } from "./+types/home";

export const links: Route.LinksFunction = () => shoppingPathSheets("catalogue", "home");

export async function loader({ context }: Route.LoaderArgs) {
  const api = apiFor(context);
  const [categories, trending, latest] = await Promise.all([fetchActiveCategories(api), fetchTrending(api), fetchLatest(api)]);
  const cards = (products: ProductSummaryDto[]) => products.map(toProductCard);
  return {
    ...honeypotLoaderData,
    categories: mapLoaded(categories, (list) => list.slice(0, PAGE_SIZE.homeCategoryTeaser).map(toCategoryTile)),
    trending: mapLoaded(trending, cards),
    latest: mapLoaded(latest, cards),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = matches[0].loaderData.origin;
  return pageMeta({
    title: null,
    description: `${SHOP.tagline}. Exclusive modest and luxury new arrivals every month, ${DELIVERY_TERMS.phrase} and a flagship store in London.`,
    origin,
    canonicalPath: "/",
    image: HERO_SLIDES[0]?.image,
    jsonLd: [organizationJsonLd(origin)],
  });
};

const CATEGORY_IMAGE = { width: 600, height: 750 } as const;

/** The page renders again only with new data, not with each change of a navigation's state. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage loaderData={loaderData} />;
}

const HomePage = memo(function HomePage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { categories, trending, latest } = loaderData;
  return (
    <div className="home">
      <Hero slides={HERO_SLIDES} />

      <section className="home-section container" aria-labelledby="home-categories">
        <div className="home-section__head">
          <SectionHeading id="home-categories" eyebrow="The collections" title="Shop by Category" />
          <ButtonLink to="/categories" variant="outline">
            {MSG.catalogue.viewAll}
          </ButtonLink>
        </div>
        {categories.ok ? (
          categories.data.length > 0 ? (
            <ul className="category-teaser">
              {categories.data.map((category) => (
                <li key={category.id}>
                  <Link to={categoryHref(category.name)} className="category-teaser__tile">
                    <img
                      src={category.image}
                      alt=""
                      width={CATEGORY_IMAGE.width}
                      height={CATEGORY_IMAGE.height}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className="category-teaser__name">{category.name.toUpperCase()}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <StateMessage title={MSG.catalogue.noCategories} hint={MSG.catalogue.noCategoriesHint} />
          )
        ) : (
          <StateMessage tone="error" title={categories.message} retryHref="/" />
        )}
      </section>

      <section className="home-section home-section--muted" aria-labelledby="home-why">
        <div className="container">
          <SectionHeading id="home-why" eyebrow={`The ${SHOP.name} promise`} title="Why Choose Us" align="center" />
          <ReasonsCarousel cards={WHY_CHOOSE_US} />
        </div>
      </section>

      <ProductShowcase id="home-trending" eyebrow="Most loved" title="Trending Now" result={trending} />

      <section className="home-feature home-feature--inverse" aria-labelledby="home-press">
        <div className="container home-feature__inner">
          <p className="eyebrow">{PRESS.eyebrow}</p>
          <p className="home-feature__outlet">{SHOP.pressOutlet}</p>
          <h2 id="home-press" className="home-feature__title">
            {PRESS.title}
          </h2>
          <p className="home-feature__text">{PRESS.text}</p>
          <ButtonLink to={PRESS.learnMore} variant="light">
            {MSG.catalogue.learnMore}
            <span className="visually-hidden"> about our press feature</span>
          </ButtonLink>
        </div>
      </section>

      <ProductShowcase id="home-latest" eyebrow="Just in" title="Latest Arrivals" result={latest} />

      <section className="home-section container" aria-labelledby="home-flagship">
        <div className="flagship">
          <img
            className="flagship__picture"
            src={SHOP_IMAGES.flagship}
            alt={`The ${SHOP.name} flagship store on ${SHOP.address.line1}`}
            width={1200}
            height={900}
            loading="lazy"
            decoding="async"
          />
          <div className="flagship__copy">
            <p className="eyebrow">{FLAGSHIP.eyebrow}</p>
            <h2 id="home-flagship">{FLAGSHIP.title}</h2>
            <p>{FLAGSHIP.text}</p>
            <address className="flagship__address">
              <Icon name="mapPin" />
              <span>{SHOP_ADDRESS_ONE_LINE}</span>
            </address>
            <p className="flagship__hours">
              <Icon name="clock" />
              <span>{SHOP.flagshipHours}</span>
            </p>
            <ButtonLink to={FLAGSHIP.learnMore} variant="outline">
              {MSG.catalogue.learnMore}
              <span className="visually-hidden"> about our flagship store</span>
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="home-section home-section--muted" aria-labelledby="home-testimonials">
        <div className="container">
          <SectionHeading id="home-testimonials" eyebrow="In their words" title="What Our Customers Say" align="center" />
          <TestimonialsCarousel testimonials={TESTIMONIALS} />
        </div>
      </section>

      <NewsletterSignup />
    </div>
  );
});

function ProductShowcase({
  id,
  eyebrow,
  title,
  result,
}: {
  id: string;
  eyebrow: string;
  title: string;
  result: Route.ComponentProps["loaderData"]["trending"];
}) {
  return (
    <section className="home-section container" aria-labelledby={id}>
      <div className="home-section__head">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} />
        <ButtonLink to="/products" variant="outline">
          {MSG.catalogue.viewAll}
        </ButtonLink>
      </div>
      {result.ok ? (
        result.data.length > 0 ? (
          <ProductGrid products={result.data} maxDots={COLOR_DOTS.listing} columns={4} anchorPrefix={`${id}-product`} />
        ) : (
          <StateMessage title={MSG.catalogue.noProducts} />
        )
      ) : (
        <StateMessage tone="error" title={result.message} retryHref="/" />
      )}
    </section>
  );
}

function NewsletterSignup() {
  return (
    <section className="newsletter" aria-labelledby="home-newsletter">
      <div className="container newsletter__inner">
        <p className="eyebrow">{NEWSLETTER.eyebrow}</p>
        <h2 id="home-newsletter">{NEWSLETTER.title}</h2>
        <p className="newsletter__text">{NEWSLETTER.text}</p>
        <NewsletterForm />
      </div>
    </section>
  );
}
