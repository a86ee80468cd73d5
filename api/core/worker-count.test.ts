import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { cpusAllowedBy, defaultWorkerCount } from "./worker-count.ts";

describe("cpusAllowedBy (cgroup v2 cpu.max)", () => {
  it("reads whole CPUs from a quota, at least one", () => {
    expect(cpusAllowedBy("200000 100000\n")).toBe(2);
    expect(cpusAllowedBy("150000 100000")).toBe(1);
    expect(cpusAllowedBy("50000 100000")).toBe(1);
  });

  it("finds no limit in `max` or in something else", () => {
    expect(cpusAllowedBy("max 100000\n")).toBeUndefined();
    expect(cpusAllowedBy("")).toBeUndefined();
    expect(cpusAllowedBy("100000 0")).toBeUndefined();
  });
});

describe("defaultWorkerCount", () => {
  it("is one worker per available CPU without a quota", () => {
    expect(defaultWorkerCount(() => "max 100000")).toBe(availableParallelism());
    expect(
      defaultWorkerCount(() => {
        throw new Error("ENOENT");
      }),
    ).toBe(availableParallelism());
  });

  it("keeps to a quota below the CPU count, half a CPU included", () => {
    expect(defaultWorkerCount(() => "50000 100000")).toBe(1);
    expect(defaultWorkerCount(() => `${100000 * (availableParallelism() + 4)} 100000`)).toBe(availableParallelism());
  });
});
