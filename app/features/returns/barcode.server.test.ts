import { describe, expect, test } from "vitest";
import { code128Svg } from "./barcode.server.ts";

/** The widths of the bars and spaces, left to right, read back from the SVG's vertical strokes (in modules). */
function modules(svg: string): number[] {
  const bars: { x: number; width: number }[] = [];
  for (const [, width, d] of svg.matchAll(/stroke-width="\s*(\d+)"\s+d="([^"]+)"/g)) {
    for (const [, x] of (d ?? "").matchAll(/M(\d+(?:\.\d+)?) /g)) bars.push({ x: Number(x) - Number(width) / 2, width: Number(width) });
  }
  bars.sort((a, b) => a.x - b.x);
  const unit = Math.min(...bars.map((bar) => bar.width));
  const runs: number[] = [];
  bars.forEach((bar, index) => {
    const previous = bars[index - 1];
    if (previous) runs.push((bar.x - (previous.x + previous.width)) / unit);
    runs.push(bar.width / unit);
  });
  return runs;
}

describe("code128Svg", () => {
  test("draws the code as Code 128: starts with Start B, ends with the stop pattern, 11 modules a symbol", () => {
    const svg = code128Svg("RT-7K3F-9Q2A");
    expect(svg).toMatch(/^<svg viewBox="0 0 \d+ \d+" xmlns="http:\/\/www.w3.org\/2000\/svg">/);
    expect(svg).not.toMatch(/<script|style=|href=/);
    const runs = modules(svg);
    // Start B is 2 1 1 2 1 4; the stop pattern is 2 3 3 1 1 1 2.
    expect(runs.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(runs.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    // Start, 12 characters and a check symbol of 11 modules each, then the 13-module stop.
    expect(runs.reduce((sum, run) => sum + run, 0)).toBe((1 + 12 + 1) * 11 + 13);
  });

  test("another code draws other bars", () => {
    expect(code128Svg("RT-AAAA-BBBB")).not.toBe(code128Svg("RT-AAAA-BBBC"));
  });
});
