import { BASE_CURRENCY, RATING_MAX, RATING_MIN } from "#contract/constants.ts";
import type { ProductDetailDto, ProductImageDto, VariantDto } from "#contract/dto/product.ts";
import { SHOP } from "#contract/shop.ts";

/**
 * Builders for what search engines and link previews read: title, description, canonical URL, Open Graph and
 * JSON-LD. Each route's `meta` calls them with the data its page shows anyway, on the server and on client
 * navigations alike, so none of it travels as loader data. URLs are absolute, made from the configured public
 * origin, which the root loader hands every page (`shopOrigin`).
 */

/** A meta descriptor as React Router's `meta` export returns it. */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string }
  | { "script:ld+json": JsonLd };

export type JsonLd = Record<string, unknown>;

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

function pageTitle(title: string | null): string {
  return title ? `${title} | ${SHOP.name}` : `${SHOP.name} | ${SHOP.tagline}`;
}

export interface PageSeo {
  /** The page's own title; null for the home page, which carries the shop name and tagline. */
  title: string | null;
  description: string;
  origin: string;
  /** Path (with any meaningful query) of the one URL this page should be indexed under. */
  canonicalPath: string;
  image?: string | null;
  type?: "website" | "product";
  jsonLd?: JsonLd[];
  /** Pages that must not be indexed (not found, error states). */
  noindex?: boolean;
}

/** Title, description, canonical link, Open Graph and Twitter card tags, and any JSON-LD blocks. */
export function pageMeta(seo: PageSeo): MetaTag[] {
  const title = pageTitle(seo.title);
  const url = absoluteUrl(seo.origin, seo.canonicalPath);
  const tags: MetaTag[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP.name },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: absoluteUrl(seo.origin, seo.image) });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const block of seo.jsonLd ?? []) tags.push({ "script:ld+json": block });
  return tags;
}

/** A description of at most `max` characters, cut at a word and ended with an ellipsis. */
export function metaDescription(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

export interface BreadcrumbItem {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(origin: string, items: readonly BreadcrumbItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

type ProductForSeo = Pick<
  ProductDetailDto,
  "name" | "description" | "sku" | "category_name" | "current_price" | "stock" | "main_image" | "average_rating" | "review_count"
> & {
  images: readonly Pick<ProductImageDto, "url">[];
  variants: readonly Pick<VariantDto, "price" | "stock">[];
};

/** schema.org Product with one Offer in GBP; the lowest variant price stands for the offer. */
export function productJsonLd(origin: string, product: ProductForSeo, canonicalPath: string): JsonLd {
  const imagePaths = product.images.length > 0 ? product.images.map((image) => image.url) : [product.main_image];
  const prices = product.variants.map((variant) => variant.price);
  const price = prices.length > 0 ? Math.min(...prices) : product.current_price;
  const inStock = product.stock > 0 || product.variants.some((variant) => variant.stock > 0);
  const url = absoluteUrl(origin, canonicalPath);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: metaDescription(product.description, 500),
    sku: product.sku,
    category: product.category_name,
    image: imagePaths.filter(Boolean).map((path) => absoluteUrl(origin, path)),
    brand: { "@type": "Brand", name: SHOP.name },
    url,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: BASE_CURRENCY,
      price: price.toFixed(2),
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: SHOP.name },
    },
    // Search engines reject an AggregateRating without reviews, so it appears only once there is one.
    ...(product.review_count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.average_rating.toFixed(1),
            reviewCount: product.review_count,
            bestRating: RATING_MAX,
            worstRating: RATING_MIN,
          },
        }
      : {}),
  };
}

export function organizationJsonLd(origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ClothingStore",
    name: SHOP.name,
    url: absoluteUrl(origin, "/"),
    telephone: SHOP.phone,
    email: SHOP.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: SHOP.address.line1,
      addressLocality: SHOP.address.city,
      postalCode: SHOP.address.postalCode,
      addressCountry: "GB",
    },
    sameAs: SHOP.social.map((link) => link.url),
  };
}
