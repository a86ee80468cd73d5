import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "#app/api-client/api.server.ts";
import { fetchProductReviews } from "#app/features/catalogue/catalogue.server.ts";
import { MSG } from "#contract/messages.ts";
import { ReviewsBlock } from "./reviews-block.tsx";

/** An API that answers every call with a 500, as when the reviews cannot be read. */
const failingApi: ApiClient = async () => ({
  ok: false,
  status: 500,
  message: MSG.api.internal,
  code: "INTERNAL_ERROR",
  details: [],
  body: { success: false, data: null, message: MSG.api.internal },
  callerDecides: false,
});

/** The block under test, handed to the one route of the stub (its links need a router). */
const Slot = createContext<ReactNode>(null);
const RouteStub = createRoutesStub([{ path: "/", Component: () => useContext(Slot) }]);

describe("the reviews block when the reviews cannot be fetched", () => {
  it("says 'Failed to load reviews', with the fetch's 'Failed to fetch reviews' under it and Try again", async () => {
    const reviews = await fetchProductReviews(failingApi, 7, { sort: "newest", page: 1 });
    expect(reviews).toEqual({ ok: false, message: MSG.reviews.fetchFailed });
    const html = renderToString(
      <Slot.Provider value={<ReviewsBlock reviews={reviews} view={{ sort: "newest", page: 1 }} search="" />}>
        <RouteStub />
      </Slot.Provider>,
    );
    expect(html).toContain(`<p class="state-message__title">${MSG.reviews.loadFailed}</p>`);
    expect(html).toContain(`<p class="state-message__hint">${MSG.reviews.fetchFailed}</p>`);
    expect(html).toContain(MSG.reviews.tryAgain);
  });
});
