/**
 * The document's module scripts, requested once the browser has painted the page instead of while it parses.
 *
 * React Router's `<Scripts>` renders a `<link rel="modulepreload">` per module of the page (React hoists them into
 * the head) and an inline module script importing the route modules and the client entry. The browser fetches
 * all of them as soon as it reads the head, at high priority: on a slow connection they take the bandwidth the
 * first screen's image and fonts need, and Lighthouse's simulation counts every high-priority script that
 * arrived before the observed paint into the first and largest paint. Nothing on the page needs them to paint:
 * every page works as plain HTML until they run (forms post, links navigate, menus are `<details>`).
 *
 * This rewrites the server's HTML: the preload links leave the head, and the inline module script becomes a
 * classic script (same element, same nonce) that, once the first paint is on screen, adds the same preload links
 * and then the same module script. The modules are fetched together as before, after the first paint. React's hydration keeps
 * the rewritten element (it does not patch a server `<script>`'s attributes or text) and skips the added ones.
 * A document without `<Scripts>`' output passes through unchanged.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const BOOTSTRAP_MODULE = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;

/** When the scripts start however the page is shown (a page opened in a background tab paints nothing). */
const LATEST_MS = 3000;

/** JSON that is safe inside an inline `<script>`: no `</script>` or `<!--` can end or change it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * Runs in the browser. The scripts start once the first contentful paint is on screen (its entry is reported
 * after the frame is shown) and the first screen's images (`fetchpriority="high"`, the page's largest paint)
 * have loaded, a frame after that. A page that stays hidden paints nothing, so a timer starts them anyway. The
 * added module script takes the nonce of the script that adds it (the page's CSP allows scripts by nonce).
 */
const loadAfterFirstPaint = (preloads: string[], moduleText: string, latestMs: number) => {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = moduleText;
    document.head.append(script);
  };
  const settled = (image: HTMLImageElement) =>
    image.complete
      ? undefined
      : new Promise((done) => {
          image.addEventListener("load", done, { once: true });
          image.addEventListener("error", done, { once: true });
        });
  const imagesLoaded = () => Promise.all(Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'), settled));
  const firstPaint = new Promise<void>((painted) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      painted();
    });
    observer.observe({ type: "paint", buffered: true });
  });
  Promise.all([firstPaint, imagesLoaded()]).then(() => requestAnimationFrame(() => setTimeout(start)));
  setTimeout(start, latestMs);
};

const PRELOAD_START = Buffer.from('<link rel="modulepreload"');
const BOOTSTRAP_MARK = Buffer.from(' type="module" async="">');
const SCRIPT_END = "</script>";

/**
 * The rewriter of one streamed document, called with each piece as bytes. Only the preload links and the
 * module script are decoded and rewritten; the rest (the inlined stylesheet, the page) passes through untouched:
 * decoding and re-encoding whole documents took a quarter of /cart's server time. The preload links come in the
 * head, before the module script, in the same or an earlier piece. Each piece is scanned once, and none after
 * the module script: scanning for both marks from every link read the head's piece a dozen times over.
 */
export function deferPageScripts(): (piece: Buffer) => Buffer {
  const preloads: string[] = [];
  let rewritten = false;
  return (piece) => {
    if (rewritten) return piece;
    const mark = piece.indexOf(BOOTSTRAP_MARK);
    const linksEnd = mark === -1 ? piece.length : mark;
    const kept: Buffer[] = [];
    let from = 0;
    for (let link = piece.indexOf(PRELOAD_START); link !== -1 && link < linksEnd; link = piece.indexOf(PRELOAD_START, from)) {
      const close = piece.indexOf("/>", link);
      if (close === -1) break;
      kept.push(piece.subarray(from, link));
      takePreload(piece.toString("utf8", link, close + 2), preloads);
      from = close + 2;
    }
    const scriptStart = mark === -1 ? -1 : piece.lastIndexOf("<script", mark);
    const scriptEnd = mark === -1 ? -1 : piece.indexOf(SCRIPT_END, mark);
    if (scriptStart >= from && scriptEnd !== -1) {
      const end = scriptEnd + SCRIPT_END.length;
      kept.push(piece.subarray(from, scriptStart), Buffer.from(loaderScript(piece.toString("utf8", scriptStart, end), preloads)));
      from = end;
      rewritten = true;
    }
    if (from === 0) return piece;
    kept.push(piece.subarray(from));
    return Buffer.concat(kept);
  };
}

/** Notes a preload link's module (the link itself leaves the document). */
function takePreload(link: string, preloads: string[]) {
  for (const [, href] of link.matchAll(MODULE_PRELOAD)) if (href) preloads.push(href);
}

/** The module script turned into the loader of the noted preloads and its own text. */
function loaderScript(html: string, preloads: string[]): string {
  return html.replace(
    BOOTSTRAP_MODULE,
    (_script, nonce: string, moduleText: string) =>
      `<script${nonce}>(${loadAfterFirstPaint})(${scriptJson(preloads)},${scriptJson(moduleText)},${LATEST_MS})</script>`,
  );
}
