import type { CategoryDto, ProductSummaryDto } from "#contract/dto/product.ts";
import type { ApiClient } from "../api-client/api.server.ts";
import { fetchActiveCategories, fetchProductPage } from "../features/catalogue/catalogue.server.ts";
import { categoryHref } from "../features/catalogue/listing-path.ts";
import { EMPTY_LISTING_QUERY } from "../features/catalogue/listing-schema.ts";
import { productHref } from "../features/catalogue/product-view.ts";
import type { SitemapEntry } from "./seo.server.ts";

export type SitemapSource = ApiClient;

/** The largest page the products endpoint serves; the API has no "all products" call, so the sitemap pages through. */
const SITEMAP_PAGE_SIZE = 100;
/** Public pages that are always there, besides products and categories. */
const STATIC_PATHS = [
  "/",
  "/products",
  "/categories",
  "/about",
  "/contact",
  "/getting-started",
  "/payment-terms",
  "/terms-of-services",
  "/privacy-policy",
  "/return-exchanges",
  "/need-support",
] as const;

/** Every page worth indexing, or null when the catalogue could not be read (the sitemap then answers 503). */
export async function sitemapEntries(api: SitemapSource): Promise<SitemapEntry[] | null> {
  const categories = await fetchActiveCategories(api);
  if (!categories.ok) return null;
  const products: ProductSummaryDto[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchProductPage(api, { ...EMPTY_LISTING_QUERY, page }, SITEMAP_PAGE_SIZE);
    if (!result.ok) return null;
    products.push(...result.data.products);
    if (page >= result.data.pagination.totalPages || result.data.products.length === 0) break;
  }
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categories.data.map((category: CategoryDto) => ({ path: categoryHref(category.name) })),
    ...products.map((product) => ({ path: productHref(product), lastModified: product.created_at })),
  ];
}
