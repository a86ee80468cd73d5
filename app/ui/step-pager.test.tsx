import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { StepPager } from "./step-pager.tsx";

/** The pager under test, handed to the one route of the stub (its links need a router). */
const Slot = createContext<ReactNode>(null);
const RouteStub = createRoutesStub([{ path: "/", Component: () => useContext(Slot) }]);

function render(page: number, totalPages: number) {
  return renderToString(
    <Slot.Provider
      value={
        <StepPager
          label="Orders"
          showing="Showing 1 to 1 of 1 orders"
          page={page}
          totalPages={totalPages}
          hrefFor={(to) => `/?page=${to}`}
        />
      }
    >
      <RouteStub />
    </Slot.Provider>,
  );
}

describe("StepPager", () => {
  it("shows only the count when there is one page: no Previous, no Next", () => {
    const html = render(1, 1);
    expect(html).toContain("Showing 1 to 1 of 1 orders");
    expect(html).not.toContain("Previous");
    expect(html).not.toContain("Next");
  });

  it("steps between pages when there are several", () => {
    const html = render(1, 2);
    expect(html).toContain('href="/?page=2"');
    expect(html).toContain("Previous");
  });
});
