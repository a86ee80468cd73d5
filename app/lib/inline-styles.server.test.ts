import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inlineRootStyles } from "./inline-styles.server.ts";

let clientDir: string;
beforeEach(() => {
  clientDir = mkdtempSync(join(tmpdir(), "inline-styles-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets/root-a.css"), ".a{color:red}");
  writeFileSync(join(clientDir, "assets/root-b.css"), ".b{color:blue}");
});
afterEach(() => rmSync(clientDir, { recursive: true, force: true }));

function buildWith(rootCss: string[] | undefined, productCss?: string[]): ServerBuild {
  const route = (id: string, css: string[] | undefined) => ({ id, module: `/assets/${id}.js`, css, hasLoader: true });
  return {
    publicPath: "/",
    assets: {
      version: "1",
      url: "/assets/manifest-1.js",
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: { root: route("root", rootCss), product: route("product", productCss) },
    },
  } as unknown as ServerBuild;
}

describe("inlineRootStyles", () => {
  it("reads the root route's stylesheets in order, and links none of them", () => {
    const { build, css } = inlineRootStyles(buildWith(["/assets/root-a.css", "/assets/root-b.css"]), clientDir);

    expect(css).toBe(".a{color:red}\n.b{color:blue}");
    expect(build.assets.routes.root?.css).toEqual([]);
    expect(build.assets.routes.root?.module).toBe("/assets/root.js");
  });

  it("does not hand the sheet to React Router, which would serialise it again into the hydration data", () => {
    const { build } = inlineRootStyles(buildWith(["/assets/root-a.css"]), clientDir);

    expect(build.unstable_getCriticalCss).toBeUndefined();
  });

  it("leaves a route's own stylesheet linked", () => {
    const { build } = inlineRootStyles(buildWith(["/assets/root-a.css"], ["/assets/product.css"]), clientDir);

    expect(build.assets.routes.product?.css).toEqual(["/assets/product.css"]);
  });

  it("changes nothing when the root route has no stylesheet", () => {
    const original = buildWith(undefined);

    expect(inlineRootStyles(original, clientDir)).toEqual({ build: original, css: "" });
  });

  it("fails at start-up when a stylesheet the build lists is missing", () => {
    expect(() => inlineRootStyles(buildWith(["/assets/root-missing.css"]), clientDir)).toThrow(/ENOENT/);
  });
});
