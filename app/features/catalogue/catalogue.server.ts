import { PAGE_SIZE, type ReviewSort } from "#contract/constants.ts";
import type { ProductDetailDto, ProductSummaryDto } from "#contract/dto/product.ts";
import type { Pagination } from "#contract/envelope.ts";
import { MSG } from "#contract/messages.ts";
import { type ApiClient, type ApiOutcome, asQuery } from "../../api-client/api.server.ts";
import type { ApiCall, DataOf } from "../../api-client/api-call.ts";
import {
  categoryListSchema,
  productDetailSchema,
  productReviewsSchema,
  productSummaryListSchema,
} from "../../api-client/responses.server.ts";
import { type ListingQuery, toProductsApiQuery } from "./listing-schema.ts";

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

async function load<C, R = DataOf<C>>(
  api: ApiClient,
  call: ApiCall<C>,
  failureMessage: string,
  pick?: (result: Answered<DataOf<C>>) => R,
): Promise<Loaded<R>> {
  const outcome = await api(call);
  if (!outcome.ok) return { ok: false, message: failureMessage };
  return { ok: true, data: pick ? pick(outcome) : (outcome.data as unknown as R) };
}

export function fetchActiveCategories(api: ApiClient) {
  return load(
    api,
    { send: (c) => c.public.categories.$get({ query: { status: "Active" } }), schema: categoryListSchema },
    MSG.catalogue.categoriesFailed,
  );
}

export interface ProductPage {
  products: ProductSummaryDto[];
  pagination: Pick<Pagination, "total" | "totalPages">;
}

export function fetchProductPage(api: ApiClient, query: ListingQuery, limit: number = PAGE_SIZE.listing): Promise<Loaded<ProductPage>> {
  return load(
    api,
    { send: (c) => c.public.products.$get({ query: asQuery(toProductsApiQuery(query, limit)) }), schema: productSummaryListSchema },
    MSG.catalogue.productsFailed,
    ({ data, pagination }) => ({
      products: data,
      pagination: { total: pagination?.total ?? data.length, totalPages: pagination?.totalPages ?? 1 },
    }),
  );
}

export function fetchTrending(api: ApiClient) {
  return load(
    api,
    { send: (c) => c.public.products.trending.$get({ query: asQuery({ limit: PAGE_SIZE.trending }) }), schema: productSummaryListSchema },
    MSG.catalogue.trendingFailed,
  );
}

export function fetchLatest(api: ApiClient, limit: number = PAGE_SIZE.latest) {
  return load(
    api,
    { send: (c) => c.public.products.latest.$get({ query: asQuery({ limit }) }), schema: productSummaryListSchema },
    MSG.catalogue.latestFailed,
  );
}

export function fetchRecommended(api: ApiClient, productId: number) {
  return load(
    api,
    {
      send: (c) => c.public.products.recommended.$get({ query: asQuery({ product_id: productId, limit: PAGE_SIZE.recommendedOnDetail }) }),
      schema: productSummaryListSchema,
    },
    MSG.catalogue.recommendedFailed,
  );
}

export type ProductDetailResult = { ok: true; data: ProductDetailDto } | { ok: false; notFound: boolean; message: string };

/** One product; a 404 from the API is "not found", anything else a failure to fetch. */
export async function fetchProductDetail(api: ApiClient, id: number): Promise<ProductDetailResult> {
  const outcome = await api({
    send: (c) => c.public.products[":id"].$get({ param: { id: String(id) }, query: {} }),
    schema: productDetailSchema,
    countsView: true,
  });
  if (outcome.ok) return { ok: true, data: outcome.data };
  const notFound = !outcome.ok && outcome.status === 404;
  return { ok: false, notFound, message: notFound ? MSG.catalogue.productNotFound : MSG.catalogue.productDetailFailed };
}

/** One page of a product's reviews for the detail page; a failure is 'Failed to fetch reviews', shown under 'Failed to load reviews'. */
export function fetchProductReviews(api: ApiClient, productId: number, view: { sort: ReviewSort; page: number }) {
  return load(
    api,
    {
      send: (c) =>
        c.public.products[":productId"].reviews.$get({
          param: { productId: String(productId) },
          query: asQuery({ sort: view.sort, page: view.page, limit: PAGE_SIZE.reviewsOnDetail }),
        }),
      schema: productReviewsSchema,
    },
    MSG.reviews.fetchFailed,
  );
}
