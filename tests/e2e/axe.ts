import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * The rules an audit applies: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best-practice rules
 * (landmarks, unique landmark names, heading order: the ones Lighthouse's accessibility score counts and more).
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** One line per rule, then each offending element with axe's own explanation of what to fix. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const fix = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ");
        return `    ${node.target.join(" > ")}\n      ${node.html.slice(0, 160)}\n      ${fix}`;
      });
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join("\n")}`;
    })
    .join("\n");
}

/**
 * With JavaScript off Chromium runs no timers, and axe waits on `setTimeout` between its steps. This gives
 * the page a virtual clock instead: timers queue by due time and the test runs them one by one while axe works.
 */
function installVirtualTimers() {
  // Once per document: an axe injected earlier keeps the timer functions it found then.
  if ("runNextVirtualTimer" in window) return;
  const timers = new Map<number, { due: number; run: () => void }>();
  let now = 0;
  let lastId = 0;
  const scheduled = (callback: unknown, delay?: number, ...args: unknown[]) => {
    lastId += 1;
    const run = () => (typeof callback === "function" ? callback(...args) : undefined);
    timers.set(lastId, { due: now + Math.max(0, Number(delay) || 0), run });
    return lastId;
  };
  const cleared = (id?: number) => {
    if (id !== undefined) timers.delete(id);
  };
  Object.assign(window, {
    setTimeout: scheduled,
    clearTimeout: cleared,
    runNextVirtualTimer() {
      const [id, timer] = [...timers].sort(([idA, a], [idB, b]) => a.due - b.due || idA - idB)[0] ?? [];
      if (id === undefined || !timer) return;
      timers.delete(id);
      now = timer.due;
      timer.run();
    },
  });
}

async function analyzeWithoutJavaScript(page: Page) {
  await page.evaluate(installVirtualTimers);
  let finished = false;
  // Legacy mode runs axe in the page itself; the default opens a blank page, which would have no timers either.
  const analysis = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    .analyze()
    .finally(() => {
      finished = true;
    });
  while (!finished) {
    await page.evaluate(() => (window as unknown as { runNextVirtualTimer?: () => void }).runNextVirtualTimer?.());
  }
  return analysis;
}

/** Audits the page as it is now and records a failure listing every violation; the test goes on, so one run reports every page. */
export async function expectNoViolations(page: Page, label: string, javaScriptEnabled: boolean): Promise<void> {
  const { violations } = javaScriptEnabled
    ? await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
    : await analyzeWithoutJavaScript(page);
  expect.soft(describeViolations(violations), `axe violations on ${label} (${page.url()})`).toBe("");
}
