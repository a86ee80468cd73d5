/**
 * The shopper's journey of `npm run bench:journey` as figures: its steps, the medians of several runs, and the
 * shop's targets beside each figure. Pure: bench/journey.ts drives the browser and hands its measurements here.
 */

export const JOURNEY_STEPS = [
  "home, cold cache",
  "→ listing",
  "→ product",
  "add to cart",
  "→ cart",
  "→ listing again",
  "reload listing",
] as const;

/** Indices into JOURNEY_STEPS. */
export const FIRST_PAGE = 0;
export const RELOAD = JOURNEY_STEPS.length - 1;

/**
 * What one step cost in one run. Times in milliseconds; `lcp` and `hydrated` only where a new document loaded;
 * `idle` only for a client navigation: until its last response, lazy images below the fold included (which
 * `ready` leaves out, as a document's load event does).
 */
export interface StepFigures {
  bytes: number;
  ready: number;
  lcp?: number;
  hydrated?: number;
  idle?: number;
}

export type Scripts = "off" | "on";

const KB = 1024;

/** The shop's performance targets on the slow phone (bytes and milliseconds); docs/performance.md says why. */
export const TARGETS = {
  off: { pageBytes: 15 * KB, pageReady: 700, journeyBytes: 170 * KB },
  on: { firstHydrated: 1500, navigationReady: 600, journeyBytes: 260 * KB },
  firstLcp: 1100,
} as const;

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const medianOf = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value) => value !== undefined);
  return known.length === 0 ? undefined : median(known);
};

export interface JourneySummary {
  steps: StepFigures[];
  /** The median of each run's total: a run's steps are not independent (what one step caches, the next skips). */
  journeyBytes: number;
}

/** Each figure of one step as the median over the runs that took it. */
function medianStep(figures: readonly StepFigures[]): StepFigures {
  const step: StepFigures = { bytes: median(figures.map((f) => f.bytes)), ready: median(figures.map((f) => f.ready)) };
  const lcp = medianOf(figures.map((f) => f.lcp));
  const hydrated = medianOf(figures.map((f) => f.hydrated));
  const idle = medianOf(figures.map((f) => f.idle));
  if (lcp !== undefined) step.lcp = lcp;
  if (hydrated !== undefined) step.hydrated = hydrated;
  if (idle !== undefined) step.idle = idle;
  return step;
}

/** Each figure of each step as the median over the runs; each run holds one StepFigures per step, in order. */
export function summarise(runs: readonly (readonly StepFigures[])[]): JourneySummary {
  if (runs.length === 0) throw new Error("no runs to summarise");
  const steps = JOURNEY_STEPS.map((name, index) => {
    const figures = runs.map((run) => {
      const step = run[index];
      if (!step) throw new Error(`a run has no figures for the step "${name}"`);
      return step;
    });
    return medianStep(figures);
  });
  return { steps, journeyBytes: median(runs.map((run) => run.reduce((total, step) => total + step.bytes, 0))) };
}

/** A figure beside its target, marked: "12.3 ≤ 15 pass". */
function judged(value: string, figure: number, limit: number | undefined, shownLimit: string): string {
  if (limit === undefined) return value;
  return `${value} ≤ ${shownLimit} ${figure <= limit ? "pass" : "FAIL"}`;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** The limits that apply to one step, by figure. */
export function stepTargets(scripts: Scripts, index: number): { bytes?: number; ready?: number; lcp?: number; hydrated?: number } {
  const lcp = index === FIRST_PAGE ? TARGETS.firstLcp : undefined;
  if (scripts === "off") {
    return index === FIRST_PAGE ? { lcp } : { bytes: TARGETS.off.pageBytes, ready: TARGETS.off.pageReady };
  }
  if (index === FIRST_PAGE) return { lcp, hydrated: TARGETS.on.firstHydrated };
  return index === RELOAD ? {} : { ready: TARGETS.on.navigationReady };
}

export type TableRow = Record<"step" | "KB" | "ready s" | "idle s" | "LCP s" | "hydrated s", string>;

/** One row per step and one for the whole journey, each figure with its target and pass or FAIL where one applies. */
export function tableRows(scripts: Scripts, summary: JourneySummary): TableRow[] {
  const rows = summary.steps.map((step, index): TableRow => {
    const limits = stepTargets(scripts, index);
    const timed = (ms: number | undefined, limit: number | undefined) =>
      ms === undefined ? "" : judged(seconds(ms), ms, limit, limit === undefined ? "" : seconds(limit));
    return {
      step: JOURNEY_STEPS[index] as string,
      KB: judged(kb(step.bytes), step.bytes, limits.bytes, limits.bytes === undefined ? "" : kb(limits.bytes)),
      "ready s": timed(step.ready, limits.ready),
      "idle s": timed(step.idle, undefined),
      "LCP s": timed(step.lcp, limits.lcp),
      "hydrated s": timed(step.hydrated, limits.hydrated),
    };
  });
  const journeyLimit = TARGETS[scripts].journeyBytes;
  rows.push({
    step: "journey",
    KB: judged(kb(summary.journeyBytes), summary.journeyBytes, journeyLimit, kb(journeyLimit)),
    "ready s": "",
    "idle s": "",
    "LCP s": "",
    "hydrated s": "",
  });
  return rows;
}

/**
 * The framework floor's first page (bench/floor, with the shop's faces, sheets and client entry), measured as the
 * shop's first page in the same run: the median of each figure over the runs, without targets. What the shop's
 * first page takes beyond it is the shop's own document, scripts and hydration.
 */
export function floorRow(runs: readonly StepFigures[]): TableRow {
  if (runs.length === 0) throw new Error("no runs of the floor to summarise");
  const step = medianStep(runs);
  const timed = (ms: number | undefined) => (ms === undefined ? "" : seconds(ms));
  return {
    step: "floor: first page",
    KB: kb(step.bytes),
    "ready s": timed(step.ready),
    "idle s": "",
    "LCP s": timed(step.lcp),
    "hydrated s": timed(step.hydrated),
  };
}

/**
 * When the floor's own first page misses the first page's time target (hydrated with JavaScript, the largest paint
 * without; the limits the table judges by), the machine is slower than the one the targets were set on, where the
 * floor met them with room: the shop's first page is then read beside the floor's, as the ratio this note gives.
 * Undefined when the floor meets it, or without runs of the floor.
 */
export function slowMachineNote(scripts: Scripts, summary: JourneySummary, floorRuns: readonly StepFigures[]): string | undefined {
  const shop = summary.steps[FIRST_PAGE];
  if (!shop || floorRuns.length === 0) return undefined;
  const figure = scripts === "on" ? "hydrated" : "lcp";
  const limit = stepTargets(scripts, FIRST_PAGE)[figure];
  const floorTime = medianStep(floorRuns)[figure];
  const shopTime = shop[figure];
  if (limit === undefined || floorTime === undefined || shopTime === undefined || floorTime <= limit) return undefined;
  const name = figure === "hydrated" ? "hydrated" : "largest paint";
  return (
    `The floor's own first page misses the ${seconds(limit)} s target (${name} at ${seconds(floorTime)} s): this machine is ` +
    `slower than the targets assume. The shop's first page: ${name} at ${seconds(shopTime)} s, ${(shopTime / floorTime).toFixed(2)}× the floor.`
  );
}
