import { LRUCache } from "lru-cache";
import type { ApiResult } from "./api.server.ts";

/**
 * What an in-process API tells its storefront about its catalogue cache: how long it keeps an anonymous
 * catalogue read, and a number that changes whenever a write (stock, products, categories) drops what it keeps.
 */
export interface CatalogueReads {
  ttlMs: number;
  generation(): number;
}

/** Kept answers per transport, least recently used out first: keys carry search words, which a crawler varies. */
const MAX_ANSWERS = 500;

type Kept = { generation: number; answer: Promise<ApiResult<unknown>> };

const kept = new WeakMap<CatalogueReads, LRUCache<string, Kept>>();

/**
 * An anonymous catalogue answer kept as long as the API keeps the read behind it, and no longer: the same
 * `key` (endpoint and query) within `ttlMs`, and no catalogue write since (the generation). A hit skips the
 * whole call: the request and response objects, the API's routing and validation, and both sides of the JSON.
 * Concurrent callers share one call; a failure is not kept.
 */
export function keptCatalogueAnswer<T>(reads: CatalogueReads, key: string, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  if (reads.ttlMs <= 0) return call();
  let answers = kept.get(reads);
  if (!answers) {
    answers = new LRUCache({ max: MAX_ANSWERS, ttl: reads.ttlMs });
    kept.set(reads, answers);
  }
  const generation = reads.generation();
  const hit = answers.get(key);
  if (hit?.generation === generation) return hit.answer as Promise<ApiResult<T>>;
  const answer = call();
  const entry: Kept = { generation, answer };
  answers.set(key, entry);
  const forget = () => answers.peek(key) === entry && answers.delete(key);
  answer.then((result) => result.success || forget(), forget);
  return answer;
}
