import { describe, expect, it } from "vitest";
import type { OffersDto } from "#contract/dto/offers.ts";
import type { ApiCall, ApiClient, ApiResult } from "./api.server.ts";
import { liveFirstPurchasePercent } from "./offers.server.ts";

/** A client answering every call with `result`, recording what was asked. */
function clientAnswering(result: ApiResult<OffersDto>) {
  const calls: ApiCall<unknown>[] = [];
  const api = (async (call: ApiCall<unknown>) => {
    calls.push(call);
    return result;
  }) as ApiClient;
  return { api, calls };
}
const answered = (data: OffersDto): ApiResult<OffersDto> => ({
  success: true,
  status: 200,
  data,
  message: "",
  body: { success: true, data, message: "" },
});

describe("liveFirstPurchasePercent", () => {
  it("is the live offer's percentage, read as a kept catalogue answer", async () => {
    const { api, calls } = clientAnswering(answered({ first_purchase: { percent: 10 } }));
    expect(await liveFirstPurchasePercent(api)).toBe(10);
    expect(calls).toMatchObject([{ method: "GET", endpoint: "/public/offers" }]);
  });

  it("is null while no offer is live, and when the API does not answer (the top bar then promises none)", async () => {
    expect(await liveFirstPurchasePercent(clientAnswering(answered({ first_purchase: null })).api)).toBeNull();
    expect(await liveFirstPurchasePercent(clientAnswering({ success: false, status: null, message: "unreachable" }).api)).toBeNull();
  });
});
