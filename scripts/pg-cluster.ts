import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import getPort from "get-port";

/** A PostgreSQL server that exists for one test run: trust auth on loopback, no fsync, deleted on stop. */
export interface ThrowawayCluster {
  /** Superuser URL of the `postgres` database; tests create and drop their own databases through it. */
  adminUrl: string;
  stop(): void;
  /**
   * Stops the server as an operator would (`pg_ctl stop -m fast`: open sessions are ended), keeping its data;
   * resolves once it is down. For tests of what the shop does while its database is away.
   */
  pause(): Promise<void>;
  /** Starts a paused server again, on the same port; resolves once it accepts connections. */
  resume(): Promise<void>;
}

/** The newest Debian PostgreSQL server binaries (`/usr/lib/postgresql/<version>/bin`), if installed. */
export function findPostgresBin(root = "/usr/lib/postgresql"): string | undefined {
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((version) => existsSync(join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return newest === undefined ? undefined : join(root, newest, "bin");
}

/**
 * Memory-backed /dev/shm when it has room (tests create and drop a database per test: on disk every
 * CREATE DATABASE costs a checkpoint's worth of writes), else the temp folder.
 */
function clusterParentDir(): string {
  const shm = "/dev/shm";
  try {
    const { bavail, bsize } = statfsSync(shm);
    if (bavail * bsize >= 1024 ** 3) return shm;
  } catch {
    // No /dev/shm on this system.
  }
  return tmpdir();
}

export async function startThrowawayCluster(bin: string): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(clusterParentDir(), "shop-pg-"));
  // PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  const commandLine = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]) => execFileSync(...commandLine(tool, args), { stdio: "pipe" });
  // The paused server stops and starts while the caller's event loop goes on (a shop in the same process serves meanwhile).
  const runInBackground = async (tool: string, args: string[]) => {
    await promisify(execFile)(...commandLine(tool, args));
  };
  const data = join(dir, "data");
  let started = false;
  let startArgs: string[] = [];
  const stop = () => {
    try {
      if (started) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      started = false;
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    if (asRoot) execFileSync("chown", ["postgres:", dir]);
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
    const port = await getPort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    started = true;
    startArgs = ["-D", data, "-l", join(dir, "log"), "-w", "-o", settings, "start"];
    run("pg_ctl", startArgs);
    return {
      adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop,
      pause: async () => {
        await runInBackground("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
        started = false;
      },
      resume: async () => {
        started = true;
        await runInBackground("pg_ctl", startArgs);
      },
    };
  } catch (error) {
    stop();
    throw new Error(`Could not start a throwaway PostgreSQL cluster in ${dir}`, { cause: error });
  }
}

/**
 * `npm run pg-cluster -- [command...]`: starts a throwaway cluster, runs the command with
 * TEST_PG_ADMIN_URL set to it (or, without a command, prints the URL and waits for Ctrl-C), then removes it.
 */
if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  if (command === "--help" || command === "-h") {
    console.log(`Usage: npm run pg-cluster -- [command...]

Starts a throwaway PostgreSQL cluster, runs the command with TEST_PG_ADMIN_URL set to it (or, without a
command, prints the URL and waits for Ctrl-C), then stops and deletes it.`);
    process.exit(0);
  }
  const bin = findPostgresBin();
  if (!bin) {
    console.error("No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql).");
    process.exit(1);
  }
  const cluster = await startThrowawayCluster(bin);
  process.on("exit", () => cluster.stop());
  if (!command) {
    console.log(`PostgreSQL is up: TEST_PG_ADMIN_URL=${cluster.adminUrl}\nCtrl-C stops and deletes it.`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
    setInterval(() => {}, 1 << 30);
  } else {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, TEST_PG_ADMIN_URL: cluster.adminUrl } });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
    child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}
