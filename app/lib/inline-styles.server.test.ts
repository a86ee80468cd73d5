import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INLINE_STYLES_ATTRIBUTE } from "./constants.ts";
import { inlineRootStyles, insertInlineStyles } from "./inline-styles.server.ts";

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

    expect(Buffer.from(css).toString()).toBe(".a{color:red}\n.b{color:blue}");
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

    const { build, css } = inlineRootStyles(original, clientDir);
    expect(build).toBe(original);
    expect(css).toHaveLength(0);
  });

  it("fails at start-up when a stylesheet the build lists is missing", () => {
    expect(() => inlineRootStyles(buildWith(["/assets/root-missing.css"]), clientDir)).toThrow(/ENOENT/);
  });
});

describe("insertInlineStyles", () => {
  const sheet = Buffer.from(".a{color:red}");
  const head = `<html><head><style ${INLINE_STYLES_ATTRIBUTE}="" nonce="n0"></style><title>Shop</title></head><body>`;
  const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString();

  it("writes the sheet into the head's empty style of the first piece, and passes every later piece untouched", () => {
    const insert = insertInlineStyles(sheet);
    const first = insert(Buffer.from(head));
    expect(text(first)).toBe(head.replace("></style>", ">.a{color:red}</style>"));
    expect(first).toContain(sheet);
    const later = Buffer.from(`<style ${INLINE_STYLES_ATTRIBUTE}=""></style></body></html>`);
    expect(insert(later)).toEqual([later]);
  });

  it("passes a document without the style through, and searches only its first piece", () => {
    const insert = insertInlineStyles(sheet);
    const first = Buffer.from("<html><head><title>Shop</title></head>");
    expect(insert(first)).toEqual([first]);
    const second = Buffer.from(head);
    expect(insert(second)).toEqual([second]);
  });

  it("changes nothing without a sheet (development links it)", () => {
    const piece = Buffer.from(head);
    expect(insertInlineStyles(new Uint8Array(0))(piece)).toEqual([piece]);
  });
});
