import { redirect } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { AppliedFilters } from "#app/features/catalogue/applied-filters.tsx";
import { fetchActiveCategories, fetchProductPage, mapLoaded } from "#app/features/catalogue/catalogue.server.ts";
import { FilterPanel } from "#app/features/catalogue/filter-panel.tsx";
import { LISTING_PATH, takeSearchFocus } from "#app/features/catalogue/listing-path.ts";
import { type ListingQuery, parseListingQuery } from "#app/features/catalogue/listing-schema.ts";
import { ListingToolbar } from "#app/features/catalogue/listing-toolbar.tsx";
import { canonicalListingHref, listingHref, listingSearchParams } from "#app/features/catalogue/listing-url.ts";
import { Pagination } from "#app/features/catalogue/pagination.tsx";
import { ProductGrid } from "#app/features/catalogue/product-card.tsx";
import { imageOrPlaceholder, toProductCard } from "#app/features/catalogue/product-view.ts";
import { LISTING_RESULTS_ID, useListingForm } from "#app/features/catalogue/use-listing-form.ts";
import { COLOR_DOTS } from "#app/lib/constants.ts";
import { breadcrumbJsonLd, pageMeta } from "#app/lib/seo.ts";
import { shoppingPathSheets } from "#app/styles/links.ts";
import { Breadcrumbs } from "#app/ui/breadcrumbs.tsx";
import type { LeadingImages } from "#app/ui/leading-images.ts";
import { StateMessage } from "#app/ui/state-message.tsx";
import { DELIVERY_TERMS } from "#contract/delivery.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/products";

export const links: Route.LinksFunction = () => shoppingPathSheets("catalogue", "listing");

/** The cards above the fold on a phone and a desktop alike: their pictures load first. */
const LEADING_CARDS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams);
  // One URL per view: empty, invalid or reordered parameters (a form sent without JavaScript) go to the clean URL.
  const received = new URLSearchParams(url.search);
  received.delete("_routes");
  const focusSearch = takeSearchFocus(received);
  if (received.toString() !== listingSearchParams(query).toString()) throw redirect(listingHref(query));
  const api = apiFor(context);
  const [page, categories] = await Promise.all([fetchProductPage(api, query), fetchActiveCategories(api)]);
  const leadingImages: LeadingImages["leadingImages"] = page.ok
    ? page.data.products.slice(0, LEADING_CARDS).map((product) => imageOrPlaceholder(product.main_image))
    : [];
  return {
    query,
    focusSearch,
    page: mapLoaded(page, ({ products, pagination }) => ({ products: products.map(toProductCard), pagination })),
    categories: categories.ok ? categories.data.map((category) => category.name) : [],
    leadingImages,
  };
}

const headingFor = (categories: readonly string[]) => (categories.length === 1 ? categories[0] : MSG.catalogue.allProducts);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => listingMeta(matches[0].loaderData.origin, loaderData.query);

function listingMeta(origin: string, query: ListingQuery) {
  const heading = headingFor(query.category);
  return pageMeta({
    title: query.page > 1 ? `${heading}, page ${query.page}` : heading,
    description:
      query.category.length === 1
        ? `Shop ${heading} at ${SHOP.name}: modest and luxury fashion with ${DELIVERY_TERMS.phrase}.`
        : `Shop every piece from ${SHOP.name}: abayas, coords, womenswear and the children's line, with ${DELIVERY_TERMS.phrase}.`,
    origin,
    canonicalPath: canonicalListingHref(query),
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: "Homepage", path: "/" },
        { name: MSG.catalogue.allProducts, path: LISTING_PATH },
      ]),
    ],
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, focusSearch, page, categories } = loaderData;
  const { pendingQuery, loading, submitNow, submitSoon } = useListingForm(query);
  const retryHref = listingHref(query);

  return (
    <div className="listing container">
      <Breadcrumbs trail={[{ label: MSG.catalogue.allProducts }]} />
      <header className="listing__header">
        <h1 className="listing__title">{headingFor(query.category)}</h1>
        <p className="listing__count" id={LISTING_RESULTS_ID} role="status" aria-live="polite">
          {loading
            ? MSG.catalogue.loadingProducts
            : page.ok
              ? MSG.catalogue.showingCount(page.data.products.length, page.data.pagination.total)
              : null}
        </p>
      </header>
      <ListingToolbar query={pendingQuery} focusSearch={focusSearch} submitNow={submitNow} submitSoon={submitSoon} />
      <div className="listing__layout">
        <aside className="listing__filters" aria-label={MSG.catalogue.filters}>
          <FilterPanel
            query={pendingQuery}
            categories={categories}
            submitNow={submitNow}
            submitSoon={submitSoon}
            total={!loading && page.ok ? page.data.pagination.total : null}
          />
        </aside>
        <section
          className="listing__results"
          aria-label="Products"
          aria-busy={loading || undefined}
          data-loading={loading ? "" : undefined}
        >
          <AppliedFilters query={pendingQuery} className="filter-chips--above-results" />
          {page.ok ? (
            page.data.products.length > 0 ? (
              <>
                <ProductGrid
                  products={page.data.products}
                  maxDots={COLOR_DOTS.listing}
                  columns={3}
                  priorityCount={LEADING_CARDS}
                  headingLevel={2}
                />
                <Pagination query={query} totalPages={page.data.pagination.totalPages} />
              </>
            ) : (
              <>
                <StateMessage title={MSG.catalogue.noProducts} hint={MSG.catalogue.noProductsHint} />
                <Pagination query={query} totalPages={page.data.pagination.totalPages} />
              </>
            )
          ) : (
            <StateMessage tone="error" title={page.message} retryHref={retryHref} />
          )}
        </section>
      </div>
    </div>
  );
}
