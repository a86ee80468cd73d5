import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LOADING_TEXT_FIELD } from "#app/ui/layout/loading-text.ts";
import { MSG } from "#contract/messages.ts";
import { HeldOrderActions } from "./held-order-actions.tsx";

/** The forms under test, handed to the one route of the stub (a Form needs a router). */
const Slot = createContext<ReactNode>(null);
const RouteStub = createRoutesStub([{ path: "/", Component: () => useContext(Slot) }]);

describe("HeldOrderActions", () => {
  it("names 'Processing order...' as the overlay's text in both the Pay now and the Cancel this order form", () => {
    const forms = renderToString(
      <Slot.Provider value={<HeldOrderActions orderId={42} code="MN-42" />}>
        <RouteStub />
      </Slot.Provider>,
    )
      .split("<form")
      .slice(1);
    expect(forms).toHaveLength(2);
    for (const form of forms) {
      expect(form).toContain(`name="${LOADING_TEXT_FIELD}" value="${MSG.loading.processingOrder}"`);
    }
  });
});
