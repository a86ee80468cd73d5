import type { CatalogueCache } from "#app/lib/catalogue-reads.server.ts";

/**
 * A catalogue cache as the API's (`createCatalogueCache`, tested beside it) for storefront tests: what `load`
 * resolves is kept per key and generation, what it rejects is forgotten, concurrent callers share one load.
 */
export function memoryCatalogueCache() {
  const state = { generation: 0 };
  const kept = new Map<string, Promise<unknown>>();
  const cache: CatalogueCache = {
    read<T>(key: string, load: () => Promise<T>) {
      const keyed = `${state.generation}\n${key}`;
      const known = kept.get(keyed);
      if (known) return known as Promise<T>;
      const loading = load();
      kept.set(keyed, loading);
      loading.catch(() => kept.delete(keyed));
      return loading;
    },
  };
  return { cache, write: () => state.generation++ };
}
