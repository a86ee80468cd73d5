import type { ApiResult } from "./api.server.ts";

/**
 * What an in-process API tells its storefront about its catalogue cache: how long it keeps an anonymous
 * catalogue read, and a number that changes whenever a write (stock, products, categories) drops what it keeps.
 */
export interface CatalogueReads {
  ttlMs: number;
  generation(): number;
}

/** Cleared whole past this many answers: keys carry search words, so a crawler could otherwise grow it without end. */
const MAX_ANSWERS = 500;

type Kept = { generation: number; expires: number; answer: Promise<ApiResult<unknown>> };

const kept = new WeakMap<CatalogueReads, Map<string, Kept>>();

/**
 * An anonymous catalogue answer kept as long as the API keeps the read behind it, and no longer: the same
 * `key` (endpoint and query) within `ttlMs`, and no catalogue write since (the generation). A hit skips the
 * whole call: the request and response objects, the API's routing and validation, and both sides of the JSON.
 * Concurrent callers share one call; a failure is not kept.
 */
export function keptCatalogueAnswer<T>(reads: CatalogueReads, key: string, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  let answers = kept.get(reads);
  if (!answers) {
    answers = new Map();
    kept.set(reads, answers);
  }
  const now = performance.now();
  const generation = reads.generation();
  const hit = answers.get(key);
  if (hit && hit.generation === generation && hit.expires > now) return hit.answer as Promise<ApiResult<T>>;
  if (answers.size >= MAX_ANSWERS) answers.clear();
  const answer = call();
  const entry: Kept = { generation, expires: now + reads.ttlMs, answer };
  answers.set(key, entry);
  const forget = () => answers.get(key) === entry && answers.delete(key);
  answer.then((result) => result.success || forget(), forget);
  return answer;
}
