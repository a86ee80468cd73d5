import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { scriptPreloads } from "./script-preloads.server.ts";

function context(matchedRouteIds: string[]) {
  return {
    manifest: {
      entry: { module: "/assets/entry.js", imports: ["/assets/framework.js"] },
      routes: {
        root: { module: "/assets/root.js", imports: ["/assets/framework.js", "/assets/layout.js"] },
        "routes/home": { module: "/assets/home.js", imports: ["/assets/layout.js", "/assets/catalogue.js"] },
        "routes/cart": { module: "/assets/cart.js" },
      },
    },
    staticHandlerContext: { matches: matchedRouteIds.map((id) => ({ route: { id } })) },
  } as unknown as Pick<EntryContext, "manifest" | "staticHandlerContext">;
}

describe("scriptPreloads", () => {
  it("lists the client entry, then each matched route's module and imports, once each", () => {
    expect(scriptPreloads(context(["root", "routes/home"]))).toEqual([
      "/assets/entry.js",
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/layout.js",
      "/assets/home.js",
      "/assets/catalogue.js",
    ]);
  });

  it("takes only the matched routes, and a route without imports adds its module alone", () => {
    expect(scriptPreloads(context(["root", "routes/cart"]))).toEqual([
      "/assets/entry.js",
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/layout.js",
      "/assets/cart.js",
    ]);
  });
});
