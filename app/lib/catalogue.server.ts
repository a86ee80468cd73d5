import { PAGE_SIZE, type ReviewSort } from "#contract/constants.ts";
import type { CategoryDto, ProductDetailDto, ProductSummaryDto } from "#contract/dto/product.ts";
import type { ProductReviewsDto } from "#contract/dto/review.ts";
import type { Pagination } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { type ApiClient, ApiRequestError, type ApiResult } from "./api.server.ts";
import { type ListingQuery, toProductsApiQuery } from "./schemas/listing.ts";

/**
 * The catalogue calls of spec section 7 for the storefront's loaders. A failure never throws: it comes back
 * as `{ ok: false, message }` with the spec's catalogue message, so a page renders that section's error state.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

type Answered<T> = Extract<ApiResult<T>, { success: true }>;

async function load<T, R = T>(call: Promise<ApiResult<T>>, failureMessage: string, pick?: (result: Answered<T>) => R): Promise<Loaded<R>> {
  try {
    const result = await call;
    if (!result.success) return { ok: false, message: failureMessage };
    return { ok: true, data: pick ? pick(result) : (result.data as unknown as R) };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false, message: failureMessage };
    throw error;
  }
}

export function fetchActiveCategories(api: ApiClient) {
  return load(
    api<CategoryDto[]>({ method: "GET", endpoint: "/public/categories", data: { status: "Active" } }),
    MSG.catalogue.categoriesFailed,
  );
}

export interface ProductPage {
  products: ProductSummaryDto[];
  pagination: Pick<Pagination, "total" | "totalPages">;
}

export function fetchProductPage(api: ApiClient, query: ListingQuery, limit: number = PAGE_SIZE.listing): Promise<Loaded<ProductPage>> {
  return load(
    api<ProductSummaryDto[]>({ method: "GET", endpoint: "/public/products", data: toProductsApiQuery(query, limit) }),
    MSG.catalogue.productsFailed,
    ({ data, pagination }) => ({
      products: data ?? [],
      pagination: { total: pagination?.total ?? data?.length ?? 0, totalPages: pagination?.totalPages ?? 1 },
    }),
  );
}

export function fetchTrending(api: ApiClient) {
  return load(
    api<ProductSummaryDto[]>({ method: "GET", endpoint: "/public/products/trending", data: { limit: PAGE_SIZE.trending } }),
    MSG.catalogue.trendingFailed,
  );
}

export function fetchLatest(api: ApiClient, limit: number = PAGE_SIZE.latest) {
  return load(
    api<ProductSummaryDto[]>({ method: "GET", endpoint: "/public/products/latest", data: { limit } }),
    MSG.catalogue.latestFailed,
  );
}

export function fetchRecommended(api: ApiClient, productId: number) {
  return load(
    api<ProductSummaryDto[]>({
      method: "GET",
      endpoint: "/public/products/recommended",
      data: { product_id: productId, limit: PAGE_SIZE.recommendedOnDetail },
    }),
    MSG.catalogue.recommendedFailed,
  );
}

export type ProductDetailResult = { ok: true; data: ProductDetailDto } | { ok: false; notFound: boolean; message: string };

/** One product; a 404 from the API is "not found", anything else a failure to fetch. */
export async function fetchProductDetail(api: ApiClient, id: number): Promise<ProductDetailResult> {
  try {
    const result = await api<ProductDetailDto>({ method: "GET", endpoint: `/public/products/${id}` });
    if (result.success && result.data) return { ok: true, data: result.data };
    return { ok: false, notFound: false, message: MSG.catalogue.productDetailFailed };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const notFound = error.status === 404;
      return { ok: false, notFound, message: notFound ? MSG.catalogue.productNotFound : MSG.catalogue.productDetailFailed };
    }
    throw error;
  }
}

/** One page of a product's reviews for the detail page; a failure is 'Failed to load reviews' with Try again. */
export function fetchProductReviews(api: ApiClient, productId: number, view: { sort: ReviewSort; page: number }) {
  return load(
    api<ProductReviewsDto>({
      method: "GET",
      endpoint: `/public/products/${productId}/reviews`,
      data: { sort: view.sort, page: view.page, limit: PAGE_SIZE.reviewsOnDetail },
    }),
    MSG.reviews.loadFailed,
  );
}
