/**
 * What a shopper on a slow phone pays, step by step: real Chromium driven through the Chrome DevTools Protocol,
 * throttled as the shop's slow-phone profile (390 px, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×), takes
 * one journey with a cold cache at the start only (home → listing → a product → add to cart → cart → listing
 * again → reload the listing), by clicking links and buttons, once without and once with JavaScript. It measures
 * whatever build the checkout holds, so two checkouts compare before and after.
 */

import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { CHROMIUM_ARGS, chromiumExecutable } from "../tests/chromium.ts";
import {
  floorRow,
  JOURNEY_STEPS,
  type Scripts,
  type StepFigures,
  slowMachineNote,
  summarise,
  TARGETS,
  tableRows,
} from "./lib/journey-figures.ts";
import { buildForBench, type Running, startFloor, startShop } from "./lib/servers.ts";

const USAGE = `Usage: npm run bench:journey -- [--no-build] [--runs 3] [--url http://127.0.0.1:3000] [--timeout 30] [--detail]

Builds the shop (unless --no-build or --url), starts it on a free port with the demo catalogue on a temporary
database (unless --url names a shop already running), and takes a shopper's journey in Chromium (CHROME_PATH,
default /usr/bin/chromium): home with a cold cache, → listing, → a product, add to cart, → cart, → listing
again, reload the listing; each step by clicking as a shopper does. 390 px phone, 150 ms round trip, 1.6 Mbit/s
down, 750 kbit/s up, CPU slowed 4×. JavaScript off, then on, each in fresh browser contexts, after one journey
that warms the server and is not counted. Prints per step the median of --runs journeys: KB transferred (every
response of the step, headers included, as the network sent them), seconds until ready, the largest contentful
paint and the hydration where a document loaded; and the journey's KB; each beside its target (TARGETS in bench/lib/journey-figures.ts).
Beside them, the framework floor's first page (bench/floor, built and started too, unless --url), taken as the
shop's first page in the same run: the shop's faces, sheets and client entry on a page of the framework alone.
When the floor itself misses the first page's time target, a line under the table says the machine is slower
than the targets assume and gives the shop's first page as a multiple of the floor's.

Ready, JavaScript off: the new document's load event, from the start of its navigation.
Ready, JavaScript on: first page and reload, when React has hydrated the document and the largest contentful
paint happened; a click, from the click until the new route is rendered and its last request has finished,
lazy images below the fold left out as the load event leaves them out without JavaScript ("idle" counts them).
--timeout is the limit for each step, in seconds. --detail also prints every response of the last journey each
way: its step, KB, and when it started and ended, in seconds from the step's start.`;

const { values: args } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    url: { type: "string" },
    timeout: { type: "string", default: "30" },
    detail: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(args.runs);
const stepTimeout = Number(args.timeout) * 1000;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1, not ${args.runs}`);
if (!(stepTimeout > 0)) throw new Error(`--timeout must be a number of seconds, not ${args.timeout}`);

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const THROTTLING = {
  network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  cpuRate: 4,
};
/** How long without a request in flight counts as the network being idle. */
const QUIET_MS = 500;

/** What the page records for the bench: the time of each click, and when React has hydrated the document. */
declare global {
  interface Window {
    __journeyClickAt?: number;
    __journeyHydratedAt?: number;
  }
}

/**
 * Runs in each document before the shop's scripts (JavaScript on only). React puts a `__reactFiber$` key on each
 * element it hydrates and finishes with <html>; the commit follows in the same task, so the first animation frame
 * that sees the key on <html> comes after hydration. Resource timings of the whole journey are kept for the
 * client navigations' last response.
 */
function instrument() {
  performance.setResourceTimingBufferSize(100_000);
  addEventListener("click", (event) => (window.__journeyClickAt = event.timeStamp), { capture: true });
  const poll = () => {
    if (Object.keys(document.documentElement).some((key) => key.startsWith("__reactFiber$"))) {
      window.__journeyHydratedAt = performance.now();
    } else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** Every request of the page through the DevTools Protocol: the bytes each step received, and what is in flight. */
class NetworkLog {
  step = 0;
  private readonly bytesByStep = new Map<number, number>();
  private readonly stepOf = new Map<string, number>();
  private readonly inFlight = new Map<string, string>();
  private lastActivity = performance.now();
  private readonly stepStartedAt = new Map<number, number>();
  /** Every response, for --detail: times in milliseconds from its step's start. */
  readonly responses = new Map<string, { step: number; url: string; bytes: number; start: number; end?: number }>();

  startStep(step: number) {
    this.step = step;
    this.stepStartedAt.set(step, performance.now());
  }

  private sinceStep(step: number) {
    return performance.now() - (this.stepStartedAt.get(step) ?? 0);
  }

  constructor(cdp: CDPSession) {
    cdp.on("Network.requestWillBeSent", (event) => {
      if (!this.stepOf.has(event.requestId)) {
        this.stepOf.set(event.requestId, this.step);
        this.responses.set(event.requestId, { step: this.step, url: event.request.url, bytes: 0, start: this.sinceStep(this.step) });
      }
      if (event.redirectResponse) this.count(event.requestId, event.redirectResponse.encodedDataLength);
      if (event.request.url.startsWith("http")) this.inFlight.set(event.requestId, event.request.url);
      this.lastActivity = performance.now();
    });
    cdp.on("Network.loadingFinished", (event) => {
      this.count(event.requestId, event.encodedDataLength);
      this.settle(event.requestId);
    });
    cdp.on("Network.loadingFailed", (event) => this.settle(event.requestId));
  }

  private count(requestId: string, bytes: number) {
    const step = this.stepOf.get(requestId) ?? this.step;
    this.bytesByStep.set(step, (this.bytesByStep.get(step) ?? 0) + bytes);
    const response = this.responses.get(requestId);
    if (response) response.bytes += bytes;
  }

  private settle(requestId: string) {
    const response = this.responses.get(requestId);
    if (response) response.end = this.sinceStep(response.step);
    this.inFlight.delete(requestId);
    this.lastActivity = performance.now();
  }

  bytesOf(step: number): number {
    return this.bytesByStep.get(step) ?? 0;
  }

  /** Resolves once no request has been in flight for QUIET_MS. */
  async idle(timeout: number): Promise<void> {
    const deadline = performance.now() + timeout;
    while (this.inFlight.size > 0 || performance.now() - this.lastActivity < QUIET_MS) {
      if (performance.now() > deadline) {
        throw new Error(`the network was not idle within ${timeout / 1000} s; in flight: ${[...this.inFlight.values()].join(", ")}`);
      }
      await new Promise((next) => setTimeout(next, 50));
    }
  }
}

/** Timings of the current document, in milliseconds from the start of its navigation. */
function documentTimings() {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const observer = new PerformanceObserver(() => {});
  observer.observe({ type: "largest-contentful-paint", buffered: true });
  const paints = observer.takeRecords();
  observer.disconnect();
  return { load: navigation?.loadEventEnd ?? Number.NaN, lcp: paints.at(-1)?.startTime, hydrated: window.__journeyHydratedAt };
}

/** What the new route must show before a client navigation counts as rendered. */
interface RouteShown {
  /** The pathname, or its start when it ends with "/". */
  path: string;
  /** The document's title must differ from the one before the click (React Router renders it with the route). */
  newTitle: boolean;
  /** An element the step's outcome shows. */
  selector?: string;
}

type Response = NetworkLog["responses"] extends Map<string, infer R> ? R : never;

/**
 * One shopper's journey in a fresh browser context: one StepFigures per step of JOURNEY_STEPS, and every response.
 * With `firstPageOnly`, its first step alone (the floor's one page).
 */
async function journey(
  browser: Browser,
  base: string,
  scripts: Scripts,
  firstPageOnly = false,
): Promise<{ figures: StepFigures[]; responses: Response[] }> {
  const context: BrowserContext = await browser.newContext({ ...PHONE, javaScriptEnabled: scripts === "on" });
  context.setDefaultTimeout(stepTimeout);
  try {
    if (scripts === "on") await context.addInitScript(instrument);
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = new NetworkLog(cdp);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", THROTTLING.network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuRate });

    /** A new document: the first page, a reload, any click without JavaScript. */
    const documentLoad = async (navigate: () => Promise<unknown>): Promise<Omit<StepFigures, "bytes">> => {
      await navigate();
      if (scripts === "on") {
        await page
          .waitForFunction(() => window.__journeyHydratedAt !== undefined, undefined, { polling: 100 })
          .catch(() => Promise.reject(new Error(`React did not hydrate the page (no fiber on <html>) within ${stepTimeout / 1000} s`)));
      }
      await network.idle(stepTimeout);
      const timings = await page.evaluate(documentTimings);
      if (scripts === "off") return { ready: timings.load, ...(timings.lcp === undefined ? {} : { lcp: timings.lcp }) };
      const hydrated = timings.hydrated ?? Number.NaN;
      return { ready: Math.max(hydrated, timings.lcp ?? 0), hydrated, ...(timings.lcp === undefined ? {} : { lcp: timings.lcp }) };
    };

    /** A click: a new document without JavaScript; with it, a client navigation until rendered and the network idle. */
    const click = async (target: () => Promise<void>, shown: RouteShown): Promise<Omit<StepFigures, "bytes">> => {
      if (scripts === "off") return documentLoad(() => Promise.all([page.waitForEvent("load"), target()]));
      const before = await page.evaluate(() => ({ title: document.title, origin: performance.timeOrigin }));
      await target();
      const rendered = await page
        .waitForFunction(
          ({ path, title, selector }) => {
            const pathname = location.pathname;
            const onPath = path.endsWith("/") ? pathname.startsWith(path) : pathname === path;
            const done = onPath && (title === undefined || document.title !== title) && (!selector || document.querySelector(selector));
            return done ? performance.now() : false;
          },
          { path: shown.path, title: shown.newTitle ? before.title : undefined, selector: shown.selector },
          { polling: "raf" },
        )
        .catch(() => Promise.reject(new Error(`the new route (${JSON.stringify(shown)}) was not rendered within ${stepTimeout / 1000} s`)));
      const renderedAt = (await rendered.jsonValue()) as number;
      await network.idle(stepTimeout);
      const after = await page.evaluate(() => {
        const clickAt = window.__journeyClickAt ?? Number.NaN;
        const responses = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
          (entry) => entry.startTime >= clickAt,
        );
        const lazyBelowFold = new Set(
          [...document.images]
            .filter((image) => image.loading === "lazy" && image.getBoundingClientRect().top >= innerHeight)
            .map((image) => image.currentSrc),
        );
        const lastOf = (entries: PerformanceResourceTiming[]) => Math.max(0, ...entries.map((entry) => entry.responseEnd));
        return {
          origin: performance.timeOrigin,
          clickAt,
          lastResponse: lastOf(responses.filter((entry) => !(entry.initiatorType === "img" && lazyBelowFold.has(entry.name)))),
          idle: lastOf(responses),
        };
      });
      if (after.origin !== before.origin) {
        // The click loaded a document after all: its clock starts with that navigation.
        const timings = await page.evaluate(documentTimings);
        return { ready: timings.hydrated ?? Number.NaN, ...(timings.hydrated === undefined ? {} : { hydrated: timings.hydrated }) };
      }
      return { ready: Math.max(renderedAt, after.lastResponse) - after.clickAt, idle: Math.max(renderedAt, after.idle) - after.clickAt };
    };

    const visibleLink = (selector: string) => () => page.locator(`${selector}:visible`).first().click();
    const actions: (() => Promise<Omit<StepFigures, "bytes">>)[] = [
      () => documentLoad(() => page.goto(`${base}/`, { waitUntil: "load" })),
      () => click(visibleLink('a[href="/products"]'), { path: "/products", newTitle: true }),
      () => click(visibleLink('main a[href^="/product/"]'), { path: "/product/", newTitle: true }),
      () =>
        click(() => page.getByRole("main").getByRole("button", { name: MSG.catalogue.addToCart, exact: true }).click(), {
          path: "/product/",
          newTitle: false,
          selector: `a[href="/cart"][aria-label="${MSG.header.cartIconLabel("1", 1)}"]`,
        }),
      () => click(visibleLink('a[href="/cart"]'), { path: "/cart", newTitle: true }),
      () => click(visibleLink('a[href="/products"]'), { path: "/products", newTitle: true }),
      () => documentLoad(() => page.reload({ waitUntil: "load" })),
    ];
    const figures: StepFigures[] = [];
    for (const [index, action] of (firstPageOnly ? actions.slice(0, 1) : actions).entries()) {
      network.startStep(index);
      try {
        const timings = await action();
        await network.idle(stepTimeout);
        figures.push({ ...timings, bytes: network.bytesOf(index) });
      } catch (error) {
        throw new Error(`Step "${JOURNEY_STEPS[index]}", JavaScript ${scripts}, at ${page.url()}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    return { figures, responses: [...network.responses.values()] };
  } finally {
    await context.close();
  }
}

let shop: Running | undefined;
let floor: Running | undefined;
const stopShop = async () => {
  await Promise.all([shop?.stop(), floor?.stop()]);
  shop = undefined;
  floor = undefined;
};
process.once("SIGINT", () => {
  void stopShop().finally(() => process.exit(130));
});

let browser: Browser | undefined;
try {
  if (!args.url && !args["no-build"]) buildForBench({ floor: true });
  if (!args.url) {
    shop = await startShop();
    floor = await startFloor();
  }
  const base = args.url ?? (shop as Running).url;
  if (!(await fetch(base).catch(() => undefined))?.ok) throw new Error(`${base} does not answer: is the shop running there?`);
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  console.log(
    `${base}: ${runs} journeys each way, 390 px, ${THROTTLING.network.latency} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ÷${THROTTLING.cpuRate}`,
  );
  const [load] = loadavg();
  if (load !== undefined && load > availableParallelism()) {
    console.log(
      `The machine is busy (load ${load.toFixed(1)} on ${availableParallelism()} CPUs): times run long; compare runs made alike.`,
    );
  }
  for (const scripts of ["off", "on"] as const) {
    await journey(browser, base, scripts);
    if (floor) await journey(browser, floor.url, scripts, true);
    const measured: StepFigures[][] = [];
    // The floor's first page after each journey, so both meet the machine's load alike.
    const floorRuns: StepFigures[] = [];
    let responses: Response[] = [];
    for (let run = 1; run <= runs; run++) {
      const started = performance.now();
      const taken = await journey(browser, base, scripts);
      measured.push(taken.figures);
      responses = taken.responses;
      if (floor) floorRuns.push(...(await journey(browser, floor.url, scripts, true)).figures);
      console.error(`JavaScript ${scripts}: journey ${run}/${runs} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const limits = TARGETS[scripts];
    console.log(`\nJavaScript ${scripts}, median of ${runs} (KB of 1,024 bytes; journey target ≤ ${limits.journeyBytes / 1024} KB)`);
    const summary = summarise(measured);
    console.table([...tableRows(scripts, summary), ...(floorRuns.length > 0 ? [floorRow(floorRuns)] : [])]);
    const note = slowMachineNote(scripts, summary, floorRuns);
    if (note) console.log(note);
    if (args.detail) {
      console.log(`Every response of the last journey, JavaScript ${scripts} (seconds from the step's start)`);
      console.table(
        responses.map(({ step, url, bytes, start, end }) => ({
          step: JOURNEY_STEPS[step],
          url: url.replace(base, "").slice(0, 70),
          KB: (bytes / 1024).toFixed(1),
          start: (start / 1000).toFixed(2),
          end: end === undefined ? "" : (end / 1000).toFixed(2),
        })),
      );
    }
  }
} catch (error) {
  console.error(`bench:journey: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await stopShop();
}
