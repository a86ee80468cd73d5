import { PAGE_SIZE, type ReviewSort } from "#contract/constants.ts";
import type { CategoryDto, ProductDetailDto, ProductSummaryDto } from "#contract/dto/product.ts";
import type { ProductReviewsDto } from "#contract/dto/review.ts";
import type { Pagination } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { type ApiCall, type ApiClient, type ApiOutcome, callApi } from "./api.server.ts";
import { categoryListSchema, productDetailSchema, productReviewsSchema, productSummaryListSchema } from "./responses.server.ts";
import { type ListingQuery, toProductsApiQuery } from "./schemas/listing.ts";

/**
 * The catalogue calls for the storefront's loaders. A failure never throws: it comes back as
 * `{ ok: false, message }` with that section's catalogue message, so a page renders its error state.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

/** The same outcome with its data mapped; a failure passes through. */
export function mapLoaded<T, R>(loaded: Loaded<T>, map: (data: T) => R): Loaded<R> {
  return loaded.ok ? { ok: true, data: map(loaded.data) } : loaded;
}

type Answered<T> = Extract<ApiOutcome<T>, { ok: true }>;

async function load<T, R = T>(
  api: ApiClient,
  call: ApiCall<T>,
  failureMessage: string,
  pick?: (result: Answered<T>) => R,
): Promise<Loaded<R>> {
  const outcome = await callApi(api, call);
  if (!outcome.ok) return { ok: false, message: failureMessage };
  return { ok: true, data: pick ? pick(outcome) : (outcome.data as unknown as R) };
}

export function fetchActiveCategories(api: ApiClient) {
  return load<CategoryDto[]>(
    api,
    { method: "GET", endpoint: "/public/categories", data: { status: "Active" }, schema: categoryListSchema },
    MSG.catalogue.categoriesFailed,
  );
}

export interface ProductPage {
  products: ProductSummaryDto[];
  pagination: Pick<Pagination, "total" | "totalPages">;
}

export function fetchProductPage(api: ApiClient, query: ListingQuery, limit: number = PAGE_SIZE.listing): Promise<Loaded<ProductPage>> {
  return load<ProductSummaryDto[], ProductPage>(
    api,
    {
      method: "GET",
      endpoint: "/public/products",
      data: toProductsApiQuery(query, limit),
      schema: productSummaryListSchema,
    },
    MSG.catalogue.productsFailed,
    ({ data, pagination }) => ({
      products: data,
      pagination: { total: pagination?.total ?? data.length, totalPages: pagination?.totalPages ?? 1 },
    }),
  );
}

export function fetchTrending(api: ApiClient) {
  return load<ProductSummaryDto[]>(
    api,
    {
      method: "GET",
      endpoint: "/public/products/trending",
      data: { limit: PAGE_SIZE.trending },
      schema: productSummaryListSchema,
    },
    MSG.catalogue.trendingFailed,
  );
}

export function fetchLatest(api: ApiClient, limit: number = PAGE_SIZE.latest) {
  return load<ProductSummaryDto[]>(
    api,
    { method: "GET", endpoint: "/public/products/latest", data: { limit }, schema: productSummaryListSchema },
    MSG.catalogue.latestFailed,
  );
}

export function fetchRecommended(api: ApiClient, productId: number) {
  return load<ProductSummaryDto[]>(
    api,
    {
      method: "GET",
      endpoint: "/public/products/recommended",
      data: { product_id: productId, limit: PAGE_SIZE.recommendedOnDetail },
      schema: productSummaryListSchema,
    },
    MSG.catalogue.recommendedFailed,
  );
}

export type ProductDetailResult = { ok: true; data: ProductDetailDto } | { ok: false; notFound: boolean; message: string };

/** One product; a 404 from the API is "not found", anything else a failure to fetch. */
export async function fetchProductDetail(api: ApiClient, id: number): Promise<ProductDetailResult> {
  const outcome = await callApi(api, { method: "GET", endpoint: `/public/products/${id}`, schema: productDetailSchema, countsView: true });
  if (outcome.ok) return { ok: true, data: outcome.data };
  const notFound = !outcome.ok && outcome.status === 404;
  return { ok: false, notFound, message: notFound ? MSG.catalogue.productNotFound : MSG.catalogue.productDetailFailed };
}

/** One page of a product's reviews for the detail page; a failure is 'Failed to fetch reviews', shown under 'Failed to load reviews'. */
export function fetchProductReviews(api: ApiClient, productId: number, view: { sort: ReviewSort; page: number }) {
  return load<ProductReviewsDto>(
    api,
    {
      method: "GET",
      endpoint: `/public/products/${productId}/reviews`,
      data: { sort: view.sort, page: view.page, limit: PAGE_SIZE.reviewsOnDetail },
      schema: productReviewsSchema,
    },
    MSG.reviews.fetchFailed,
  );
}
