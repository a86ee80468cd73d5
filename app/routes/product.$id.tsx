import { data, redirect, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { PRODUCT_ACCORDIONS } from "#app/content/product.ts";
import { Accordion } from "#app/features/catalogue/accordion.tsx";
import { AddToCartForm, useCatalogueForms, WishlistButton } from "#app/features/catalogue/cart-forms.tsx";
import { fetchProductDetail, fetchProductReviews, fetchRecommended, mapLoaded } from "#app/features/catalogue/catalogue.server.ts";
import { Gallery } from "#app/features/catalogue/gallery.tsx";
import { categoryHref, LISTING_PATH } from "#app/features/catalogue/listing-path.ts";
import { ProductGrid } from "#app/features/catalogue/product-card.tsx";
import {
  galleryImages,
  galleryIndex,
  type ProductPageView,
  selectionFromSearch,
  toProductPageView,
  truncateDescription,
  unitPrice,
} from "#app/features/catalogue/product-detail-view.ts";
import { productHref, struckPrice, toProductCard } from "#app/features/catalogue/product-view.ts";
import { QuantityStepper } from "#app/features/catalogue/quantity-stepper.tsx";
import { RatingSummary } from "#app/features/catalogue/rating.tsx";
import { ReviewsBlock } from "#app/features/catalogue/reviews-block.tsx";
import { reviewsView } from "#app/features/catalogue/reviews-view.ts";
import { ShareButton } from "#app/features/catalogue/share-button.tsx";
import { VariantPicker } from "#app/features/catalogue/variant-picker.tsx";
import { recordRecentlyViewed } from "#app/features/recently-viewed/recently-viewed.server.ts";
import { COLOR_DOTS, REVIEWS_PARAM } from "#app/lib/constants.ts";
import { breadcrumbJsonLd, metaDescription, pageMeta, productJsonLd } from "#app/lib/seo.ts";
import { optionalUser } from "#app/session/auth.server.ts";
import { shoppingPathSheets } from "#app/styles/links.ts";
import { Breadcrumbs } from "#app/ui/breadcrumbs.tsx";
import { ButtonLink } from "#app/ui/button.tsx";
import type { LeadingImages } from "#app/ui/leading-images.ts";
import { Price } from "#app/ui/price.tsx";
import { SectionHeading } from "#app/ui/section-heading.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { decodeProductId } from "#contract/product-id.ts";
import type { Route } from "./+types/product.$id";

export const links: Route.LinksFunction = () => shoppingPathSheets("catalogue", "product");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = decodeProductId(params.id);
  if (id === null) throw redirect("/not-found");
  const view = reviewsView(new URL(request.url).searchParams);
  const api = apiFor(context);
  // Recording the view is the page's extra action for a signed-in shopper; it never holds up or fails the page.
  const [product, recommended, reviews] = await Promise.all([
    fetchProductDetail(api, id),
    fetchRecommended(api, id).then((loaded) =>
      mapLoaded(loaded, (products) => products.filter((item) => item.id !== id).map(toProductCard)),
    ),
    fetchProductReviews(api, id, view),
    optionalUser(request).then((signedIn) => recordRecentlyViewed(api, signedIn, id)),
  ]);
  if (!product.ok) {
    return data({ product: null, failure: product.message, recommended, reviews, view }, { status: product.notFound ? 404 : 503 });
  }
  // The gallery, main picture and thumbnails, is the first screen on a phone too.
  const leadingImages: LeadingImages["leadingImages"] = galleryImages(product.data).map((image) => image.url);
  return { product: toProductPageView(product.data), failure: null, recommended, reviews, view, leadingImages };
}

/** Built from the page's own data, on the server and on client navigations: none of it travels as loader data. */
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const origin = matches[0].loaderData.origin;
  const { product, failure } = loaderData;
  if (!product) {
    return pageMeta({
      title: failure,
      description: MSG.catalogue.productNotFound,
      origin,
      canonicalPath: location.pathname,
      noindex: true,
    });
  }
  const canonicalPath = productHref(product);
  return pageMeta({
    title: product.name,
    description: metaDescription(product.description || `${product.name}, ${product.category_name}`),
    origin,
    canonicalPath,
    image: product.main_image,
    type: "product",
    jsonLd: [
      productJsonLd(origin, product, canonicalPath),
      breadcrumbJsonLd(origin, [
        { name: "Homepage", path: "/" },
        ...breadcrumbsFor(product).map((crumb) => ({ name: crumb.label, path: crumb.to ?? canonicalPath })),
      ]),
    ],
  });
};

/**
 * The accordions' texts: the product's own, or the shop's wording. A final-sale product's returns section says it
 * cannot be returned, instead of the policy it is an exception to.
 */
const accordionsFor = (product: ProductPageView) =>
  PRODUCT_ACCORDIONS.map((item) => ({
    title: item.title,
    text: item.field === "return_exchanges" && product.final_sale ? MSG.returns.finalSale : product[item.field] || item.fallback,
  }));

/**
 * Colour, size, fit and image live in the query and are resolved here from the loaded product: no refetch.
 * The review list's sort and page are in the query too, and do need the loader. A cart change leaves the page as
 * it was (carts hold no stock): only the header's count, from the root, is read again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === "/cart") return false;
  const reviewsChanged = Object.values(REVIEWS_PARAM).some((name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name));
  if (!formMethod && !reviewsChanged && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

function breadcrumbsFor(product: Pick<ProductPageView, "name" | "category_name">) {
  return [
    { label: MSG.catalogue.allProducts, to: LISTING_PATH },
    { label: product.category_name, to: categoryHref(product.category_name) },
    { label: product.name },
  ];
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, failure, recommended, reviews, view } = loaderData;
  const origin = matches[0].loaderData.origin;
  const location = useLocation();
  const forms = useCatalogueForms();
  if (!product) {
    return (
      <div className="product-page container">
        <Breadcrumbs
          trail={[{ label: MSG.catalogue.allProducts, to: LISTING_PATH }, { label: failure ?? MSG.catalogue.productNotFound }]}
        />
        <StateMessage
          tone={failure === MSG.catalogue.productNotFound ? "empty" : "error"}
          title={failure ?? MSG.catalogue.productNotFound}
          retryHref={failure === MSG.catalogue.productNotFound ? undefined : `${location.pathname}${location.search}`}
        >
          <ButtonLink to={LISTING_PATH} variant="primary">
            {MSG.catalogue.allProducts}
          </ButtonLink>
        </StateMessage>
      </div>
    );
  }

  const selection = selectionFromSearch(product, location.search);
  const images = galleryImages(product);
  const imageIndex = galleryIndex(images, new URLSearchParams(location.search).get("img"), selection.color);
  const original = struckPrice(product);
  const description = truncateDescription(product.description ?? "");
  const selectionKey = `${selection.color}|${selection.size}|${selection.fit}`;

  return (
    <div className="product-page container">
      <Breadcrumbs trail={breadcrumbsFor(product)} />
      <div className="product">
        <Gallery
          images={images}
          index={imageIndex}
          productName={product.name}
          actions={
            <>
              <ShareButton
                title={product.name}
                url={new URL(productHref(product), origin).href}
                className="icon-button icon-button--raised"
              />
              <WishlistButton forms={forms} productId={product.id} productName={product.name} className="icon-button icon-button--raised" />
            </>
          }
        />
        <div className="product-info">
          <p className="eyebrow product-info__category">{product.category_name}</p>
          <h1 className="product-info__name">{product.name}</h1>
          <RatingSummary average={product.average_rating} count={product.review_count} />
          <p className="product-info__price">
            {original !== null ? <Price amount={original} original /> : null}
            <Price amount={unitPrice(product, selection.variant)} className={original !== null ? "price--sale" : undefined} />
          </p>

          {description.text ? (
            <div className="product-info__description">
              {description.truncated ? (
                <>
                  <p className="description__short">{description.text}</p>
                  <details className="description__more">
                    <summary>
                      <span className="description__see-more">{MSG.catalogue.seeMore}</span>
                      <span className="description__see-less">{MSG.catalogue.seeLess}</span>
                    </summary>
                    <p>{product.description}</p>
                  </details>
                </>
              ) : (
                <p>{description.text}</p>
              )}
            </div>
          ) : null}

          <VariantPicker product={product} />

          {product.final_sale ? <p className="product-info__final-sale">{MSG.returns.finalSale}</p> : null}

          <AddToCartForm
            key={selectionKey}
            forms={forms}
            productId={product.id}
            variant={selection.variant}
            fit={selection.fit}
            className="add-to-cart"
            quantityField={<QuantityStepper max={selection.available} disabled={selection.available < 1} />}
          >
            {({ busy, disabled }) => (
              <button
                type="submit"
                className="button button--primary add-to-cart__submit"
                // While its post runs, a second tap adds nothing.
                disabled={disabled || busy}
                aria-busy={busy || undefined}
              >
                {disabled ? MSG.catalogue.outOfStock : MSG.catalogue.addToCart}
              </button>
            )}
          </AddToCartForm>
          <p className="product-info__stock">{MSG.catalogue.stockAvailable(selection.available)}</p>

          <div className="product-info__accordions">
            {accordionsFor(product).map((item) => (
              <Accordion key={item.title} title={item.title}>
                <p>{item.text}</p>
              </Accordion>
            ))}
          </div>
        </div>
      </div>

      <ReviewsBlock reviews={reviews} view={view} search={location.search} />

      <section className="recommended" aria-labelledby="recommended-title">
        <SectionHeading id="recommended-title" eyebrow="Complete the look" title="You May Also Like" align="center" />
        {recommended.ok ? (
          recommended.data.length > 0 ? (
            <ProductGrid products={recommended.data} maxDots={COLOR_DOTS.recommended} columns={4} anchorPrefix="recommended-product" />
          ) : (
            <StateMessage title={MSG.catalogue.noProducts} />
          )
        ) : (
          <StateMessage tone="error" title={recommended.message} />
        )}
      </section>
    </div>
  );
}
