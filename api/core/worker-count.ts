import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** A cgroup v2 container's CPU limit, as the container sees it (its own cgroup is the root of its namespace). */
const CPU_MAX_FILE = "/sys/fs/cgroup/cpu.max";

/**
 * Whole CPUs a cgroup v2 `cpu.max` allows ("<quota> <period>" in microseconds, or "max <period>" for no limit),
 * at least one; undefined without a limit or for a value that is not one.
 */
export function cpusAllowedBy(cpuMax: string): number | undefined {
  const match = /^(\d+) (\d+)\s*$/.exec(cpuMax);
  if (!match) return undefined;
  const [quota, period] = [Number(match[1]), Number(match[2])];
  return period > 0 ? Math.max(1, Math.floor(quota / period)) : undefined;
}

/**
 * WEB_CONCURRENCY's default: one worker per CPU the process may use. `availableParallelism()` counts the CPUs of
 * its affinity mask, and libuv (from 1.49) lowers that to a cgroup quota of one CPU or more, but a quota below
 * one CPU (Kubernetes' `cpu: 500m`) divides to 0, which libuv ignores: half a CPU would get a worker per CPU of
 * the host. So the quota is read here too, and the smaller count wins.
 */
export function defaultWorkerCount(readCpuMax: () => string = () => readFileSync(CPU_MAX_FILE, "utf8")): number {
  let quota: number | undefined;
  try {
    quota = cpusAllowedBy(readCpuMax());
  } catch {
    // No cgroup v2 CPU controller here (not in a container, or cgroup v1): the affinity mask is the limit.
  }
  return Math.min(availableParallelism(), quota ?? Number.POSITIVE_INFINITY);
}
