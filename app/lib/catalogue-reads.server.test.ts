import { describe, expect, it, vi } from "vitest";
import type { ApiResult } from "./api.server.ts";
import { type CatalogueReads, keptCatalogueAnswer } from "./catalogue-reads.server.ts";

const success = (data: unknown): ApiResult<unknown> => ({
  success: true,
  status: 200,
  data,
  message: "",
  body: { success: true, data, message: "" },
});
const failed: ApiResult<unknown> = { success: false, status: 500, message: "Server error" };

function reads(ttlMs = 60_000) {
  let generation = 0;
  const cache: CatalogueReads = { ttlMs, generation: () => generation };
  return { cache, write: () => generation++ };
}

describe("keptCatalogueAnswer", () => {
  it("answers the same read from memory, concurrent callers included, until a catalogue write", async () => {
    const { cache, write } = reads();
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

    write();
    await keptCatalogueAnswer(cache, "/public/categories", call);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it("asks again once the API's own cache would have", async () => {
    const { cache } = reads(0);
    const call = vi.fn(async () => success([]));
    await keptCatalogueAnswer(cache, "/public/products", call);
    await keptCatalogueAnswer(cache, "/public/products", call);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("keeps no failure, answered or thrown", async () => {
    const { cache } = reads();
    const call = vi.fn().mockResolvedValueOnce(failed).mockRejectedValueOnce(new Error("no answer")).mockResolvedValue(success([]));
    expect(await keptCatalogueAnswer(cache, "/public/products", call)).toBe(failed);
    await expect(keptCatalogueAnswer(cache, "/public/products", call)).rejects.toThrow("no answer");
    expect(await keptCatalogueAnswer(cache, "/public/products", call)).toMatchObject({ success: true });
    expect(call).toHaveBeenCalledTimes(3);
  });
});
