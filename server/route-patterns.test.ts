import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { storefrontRoutePatterns } from "./route-patterns.ts";

/** A route table shaped as the build's: the root layout, pages, a layout with children, and the catch-all. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/product.$id": { id: "routes/product.$id", parentId: "root", path: "product/:id" },
    "routes/admin": { id: "routes/admin", parentId: "root", path: "admin" },
    "routes/admin.orders": { id: "routes/admin.orders", parentId: "routes/admin", path: "orders" },
    "routes/admin.orders.$code": { id: "routes/admin.orders.$code", parentId: "routes/admin", path: "orders/:code" },
    "routes/admin.orders[.]csv": { id: "routes/admin.orders[.]csv", parentId: "routes/admin", path: "orders.csv" },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

describe("storefrontRoutePatterns", () => {
  const patternOf = storefrontRoutePatterns(build);

  it.each([
    ["/", "/"],
    ["/_root.data", "/"],
    ["/product/cHJvZF8xMl9hYg", "/product/:id"],
    ["/product/cHJvZF8xMl9hYg.data", "/product/:id"],
    ["/admin/orders", "/admin/orders"],
    ["/admin/orders/MN-7K3F-9Q2A", "/admin/orders/:code"],
    ["/admin/orders.csv", "/admin/orders.csv"],
    ["/no/such/page", "/*"],
    ["/%E0%A4%A", "/*"],
  ])("labels %s as %s", (path, pattern) => {
    expect(patternOf(path)).toBe(pattern);
  });
});
