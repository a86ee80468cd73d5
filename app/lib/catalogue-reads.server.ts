import type { ApiResult } from "./api.server.ts";

/**
 * The in-process API's cache of catalogue reads (`createCatalogueCache` in `api/catalogue/read-cache.ts`, given by
 * `server.ts`): answers are kept for the catalogue generation they were read under, which every catalogue write
 * in any process changes, so a kept answer is no staler than the API's own kept read.
 */
export interface CatalogueCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** A failed call's answer, carried past the cache so that it is not kept. */
class NotKept {
  readonly answer: ApiResult<unknown>;
  constructor(answer: ApiResult<unknown>) {
    this.answer = answer;
  }
}

/**
 * An anonymous catalogue answer, kept under `key` (endpoint and query) for the current catalogue generation. A hit
 * skips the whole call: the request and response objects, the API's routing and validation, and both sides of the
 * JSON. Concurrent callers share one call; a failure is answered but not kept.
 */
export async function keptCatalogueAnswer<T>(cache: CatalogueCache, key: string, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await cache.read(key, async () => {
      const answer = await call();
      if (!answer.success) throw new NotKept(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof NotKept) return error.answer as ApiResult<T>;
    throw error;
  }
}
