import { describe, expect, it, vi } from "vitest";
import type { ApiResult } from "./api.server.ts";
import { keptCatalogueAnswer } from "./catalogue-reads.server.ts";
import { memoryCatalogueCache } from "./testing/memory-catalogue-cache.server.ts";

const success = (data: unknown): ApiResult<unknown> => ({
  success: true,
  status: 200,
  data,
  message: "",
  body: { success: true, data, message: "" },
});
const failed: ApiResult<unknown> = { success: false, status: 500, message: "Server error" };

describe("keptCatalogueAnswer", () => {
  it("answers the same read from the cache, concurrent callers included", async () => {
    const { cache } = memoryCatalogueCache();
    const call = vi.fn(async () => success(["a"]));
    const [first, second] = await Promise.all([
      keptCatalogueAnswer(cache, "/public/categories", call),
      keptCatalogueAnswer(cache, "/public/categories", call),
    ]);
    expect(await keptCatalogueAnswer(cache, "/public/categories", call)).toBe(first);
    expect(second).toBe(first);
    expect(call).toHaveBeenCalledTimes(1);

    await keptCatalogueAnswer(cache, "/public/products?page=2", call);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("keeps no failure, answered or thrown, and answers each to its caller", async () => {
    const { cache } = memoryCatalogueCache();
    const call = vi.fn().mockResolvedValueOnce(failed).mockRejectedValueOnce(new Error("no answer")).mockResolvedValue(success([]));
    expect(await keptCatalogueAnswer(cache, "/public/products", call)).toBe(failed);
    await expect(keptCatalogueAnswer(cache, "/public/products", call)).rejects.toThrow("no answer");
    expect(await keptCatalogueAnswer(cache, "/public/products", call)).toMatchObject({ success: true });
    expect(await keptCatalogueAnswer(cache, "/public/products", call)).toMatchObject({ success: true });
    expect(call).toHaveBeenCalledTimes(3);
  });
});
