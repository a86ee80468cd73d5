import { describe, expect, it } from "vitest";
import { floorRow, JOURNEY_STEPS, median, type StepFigures, slowMachineNote, summarise, tableRows } from "./journey-figures.ts";

/** A run whose every step has the same figures, with `first` for the first page. */
const run = (step: StepFigures, first: StepFigures = step): StepFigures[] => JOURNEY_STEPS.map((_, index) => (index === 0 ? first : step));

describe("median", () => {
  it("takes the middle value of an odd count, whatever the order", () => {
    expect(median([900, 100, 300])).toBe(300);
  });

  it("takes the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("refuses no values", () => {
    expect(() => median([])).toThrow("median of no values");
  });
});

describe("summarise", () => {
  it("takes each figure of each step as the median over the runs", () => {
    const summary = summarise([
      run({ bytes: 10, ready: 500, idle: 900 }, { bytes: 100, ready: 2000, lcp: 900, hydrated: 1800 }),
      run({ bytes: 30, ready: 100, idle: 100 }, { bytes: 300, ready: 1000, lcp: 700, hydrated: 1000 }),
      run({ bytes: 20, ready: 300, idle: 400 }, { bytes: 200, ready: 3000, lcp: 800, hydrated: 1400 }),
    ]);
    expect(summary.steps[0]).toEqual({ bytes: 200, ready: 2000, lcp: 800, hydrated: 1400 });
    expect(summary.steps[1]).toEqual({ bytes: 20, ready: 300, idle: 400 });
  });

  it("takes the journey's bytes as the median of each run's total, not the sum of the steps' medians", () => {
    const light = run({ bytes: 1, ready: 0 });
    const heavyFirst = run({ bytes: 1, ready: 0 }, { bytes: 1000, ready: 0 });
    const heavyLater = run({ bytes: 1000, ready: 0 }, { bytes: 1, ready: 0 });
    const summary = summarise([light, heavyFirst, heavyLater]);
    expect(summary.steps.reduce((total, step) => total + step.bytes, 0)).toBe(7);
    expect(summary.journeyBytes).toBe(1006);
  });

  it("names the step a run lacks", () => {
    expect(() => summarise([run({ bytes: 1, ready: 1 }).slice(0, 3)])).toThrow(`a run has no figures for the step "${JOURNEY_STEPS[3]}"`);
  });
});

describe("tableRows", () => {
  const KB = 1024;

  it("judges every page after the first without JavaScript by 15 KB and 700 ms, and the journey by 170 KB", () => {
    const summary = summarise([run({ bytes: 15 * KB, ready: 701 }, { bytes: 120 * KB, ready: 1300, lcp: 1101 })]);
    const rows = tableRows("off", summary);
    expect(rows[0]).toEqual({
      step: JOURNEY_STEPS[0],
      KB: "120.0",
      "ready s": "1.30",
      "idle s": "",
      "LCP s": "1.10 ≤ 1.10 FAIL",
      "hydrated s": "",
    });
    expect(rows[1]).toMatchObject({ KB: "15.0 ≤ 15.0 pass", "ready s": "0.70 ≤ 0.70 FAIL" });
    expect(rows.at(-1)).toMatchObject({ step: "journey", KB: "210.0 ≤ 170.0 FAIL" });
  });

  it("judges the first page's hydration with JavaScript by 1.5 s, clicks by 600 ms, not the reload, and the journey by 260 KB", () => {
    const summary = summarise([
      run({ bytes: 10 * KB, ready: 600, idle: 900 }, { bytes: 200 * KB, ready: 1500, lcp: 1000, hydrated: 1500 }),
    ]);
    const rows = tableRows("on", summary);
    expect(rows[0]).toMatchObject({ "LCP s": "1.00 ≤ 1.10 pass", "hydrated s": "1.50 ≤ 1.50 pass" });
    expect(rows[1]).toMatchObject({ KB: "10.0", "ready s": "0.60 ≤ 0.60 pass", "idle s": "0.90" });
    expect(rows[JOURNEY_STEPS.length - 1]).toMatchObject({ step: "reload listing", "ready s": "0.60" });
    expect(rows.at(-1)).toMatchObject({ KB: "260.0 ≤ 260.0 pass" });
  });
});

describe("floorRow", () => {
  it("takes each figure of the floor's first page as the median over the runs, judged by no target", () => {
    const row = floorRow([
      { bytes: 100 * 1024, ready: 1300, lcp: 900, hydrated: 1300 },
      { bytes: 120 * 1024, ready: 1100, lcp: 700, hydrated: 1100 },
      { bytes: 110 * 1024, ready: 1200, lcp: 800, hydrated: 1200 },
    ]);
    expect(row).toEqual({ step: "floor: first page", KB: "110.0", "ready s": "1.20", "idle s": "", "LCP s": "0.80", "hydrated s": "1.20" });
  });

  it("leaves out what a run without JavaScript does not measure", () => {
    expect(floorRow([{ bytes: 1024, ready: 500 }])).toMatchObject({ "LCP s": "", "hydrated s": "" });
  });

  it("refuses no runs", () => {
    expect(() => floorRow([])).toThrow("no runs of the floor");
  });
});

describe("slowMachineNote", () => {
  /** A journey whose first page has `first`'s figures. */
  const journey = (first: StepFigures) => summarise([run({ bytes: 1, ready: 500 }, first)]);

  it("says nothing while the floor meets its first-page targets", () => {
    expect(
      slowMachineNote("on", journey({ bytes: 1, ready: 1800, hydrated: 1800 }), [{ bytes: 1, ready: 1400, hydrated: 1400 }]),
    ).toBeUndefined();
    expect(slowMachineNote("off", journey({ bytes: 1, ready: 1800, lcp: 1500 }), [{ bytes: 1, ready: 900, lcp: 1000 }])).toBeUndefined();
  });

  it("gives the shop's hydration beside a floor's that misses 1.5 s, from the median of the floor's runs", () => {
    const floor = [1900, 2200, 2100].map((hydrated) => ({ bytes: 1, ready: hydrated, hydrated }));
    expect(slowMachineNote("on", journey({ bytes: 1, ready: 4200, hydrated: 4200 }), floor)).toBe(
      "The floor's own first page misses the 1.50 s target (hydrated at 2.10 s): this machine is slower than the targets " +
        "assume. The shop's first page: hydrated at 4.20 s, 2.00× the floor.",
    );
  });

  it("reads the largest paint without JavaScript, where nothing hydrates", () => {
    expect(slowMachineNote("off", journey({ bytes: 1, ready: 3000, lcp: 2400 }), [{ bytes: 1, ready: 1300, lcp: 1200 }])).toMatch(
      /misses the 1\.10 s target \(largest paint at 1\.20 s\).*largest paint at 2\.40 s, 2\.00× the floor\.$/,
    );
  });

  it("says nothing without runs of the floor (a shop measured at --url)", () => {
    expect(slowMachineNote("on", journey({ bytes: 1, ready: 4200, hydrated: 4200 }), [])).toBeUndefined();
  });
});
