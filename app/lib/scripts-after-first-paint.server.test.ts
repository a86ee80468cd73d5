import { describe, expect, it } from "vitest";
import { deferPageScripts } from "./scripts-after-first-paint.server.ts";

const HEAD =
  '<head><link rel="preload" href="/images/hero.svg" as="image" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="abc"/><style nonce="abc">a{}</style></head>';
const MODULE_TEXT = ';\nimport * as route0 from "/assets/root-C.js";\nwindow.x = "<!-- a < b";\nimport("/assets/entry.client-A.js");';
const BODY = `<body><main>page</main><script nonce="abc">window.__reactRouterContext = {};</script><script nonce="abc" type="module" async="">${MODULE_TEXT}</script></body>`;

/** The arguments the rewritten script passes to its loader. */
function loaderArguments(html: string): [string[], string, number] {
  const call = html.match(/<script nonce="abc">\(.*\)\((.*)\)<\/script><\/body>/s);
  if (!call?.[1]) throw new Error("no loader script");
  return JSON.parse(`[${call[1]}]`);
}

/** The rewrite of `html` as one piece of a document (by default the whole document), as text. */
const rewrite = (html: string, rewriter = deferPageScripts()) => rewriter(Buffer.from(html)).toString("utf8");

describe("deferPageScripts", () => {
  it("takes the module preloads out of the head and hands them, with the module script, to a loader", () => {
    const html = rewrite(HEAD + BODY);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="preload" href="/images/hero.svg"');
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
    const [preloads, moduleText, latestMs] = loaderArguments(html);
    expect(preloads).toEqual(["/assets/entry.client-A.js", "/assets/framework-B.js"]);
    expect(moduleText).toBe(MODULE_TEXT);
    expect(latestMs).toBeGreaterThan(0);
  });

  it("keeps every byte around the rewritten elements, characters beyond ASCII included", () => {
    const html = rewrite(`${HEAD.replace("a{}", "a::after{content:'£ – é'}")}${BODY.replace("page", "Abaya £120 – é")}`);
    expect(html).toContain("<style nonce=\"abc\">a::after{content:'£ – é'}</style></head><body><main>Abaya £120 – é</main>");
    expect(html.endsWith("</script></body>")).toBe(true);
  });

  it("escapes what would end the inline script early", () => {
    const html = rewrite(HEAD + BODY);
    expect(html).not.toContain("<!--");
    expect(loaderArguments(html)[1]).toBe(MODULE_TEXT);
  });

  it("carries the preloads from an earlier piece of the document to the module script", () => {
    const rewriter = deferPageScripts();
    const head = rewrite(HEAD, rewriter);
    const body = rewrite(BODY, rewriter);
    expect(head).not.toContain('rel="modulepreload"');
    expect(loaderArguments(body)[0]).toEqual(["/assets/entry.client-A.js", "/assets/framework-B.js"]);
  });

  it("leaves a piece without React Router's scripts as it is", () => {
    const piece = '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';
    const bytes = Buffer.from(piece);
    expect(deferPageScripts()(bytes)).toBe(bytes);
  });

  it("passes the pieces after the module script through untouched", () => {
    const rewriter = deferPageScripts();
    rewrite(HEAD + BODY, rewriter);
    const later = Buffer.from(BODY);
    expect(rewriter(later)).toBe(later);
  });
});
