import { describe, expect, it } from "vitest";
import type { OffersDto } from "#contract/dto/offers.ts";
import { createApiClient } from "../api-client/api.server.ts";
import { fakeTransport } from "../testing/fake-transport.server.ts";
import { liveFirstPurchasePercent } from "./offers.server.ts";

/** A client whose API answers every call with `answer()`, recording the paths asked for. */
function clientAnswering(answer: () => Response | Promise<Response>) {
  const calls: string[] = [];
  const transport = fakeTransport((path) => {
    calls.push(path);
    return answer();
  });
  return { api: createApiClient({ transport }), calls };
}
const answered = (data: OffersDto) => () => Response.json({ success: true, data, message: "" });

describe("liveFirstPurchasePercent", () => {
  it("is the live offer's percentage, read as a kept catalogue answer", async () => {
    const { api, calls } = clientAnswering(answered({ first_purchase: { percent: 10 } }));
    expect(await liveFirstPurchasePercent(api)).toBe(10);
    expect(calls).toEqual(["/public/offers"]);
  });

  it("is null while no offer is live, and when the API does not answer (the top bar then promises none)", async () => {
    expect(await liveFirstPurchasePercent(clientAnswering(answered({ first_purchase: null })).api)).toBeNull();
    expect(await liveFirstPurchasePercent(clientAnswering(() => Promise.reject(new TypeError("fetch failed"))).api)).toBeNull();
  });
});
