import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";

/**
 * `npm start`: builds the storefront when the build is missing or older than its sources, then runs
 * server.ts in production mode (it migrates, and seeds an empty database, before listening).
 */
const root = resolve(import.meta.dirname, "..");
const buildEntry = join(root, "build/server/index.js");
const sources = ["app", "contract", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map((path) => join(root, path));

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

function buildIsStale(): boolean {
  if (!existsSync(buildEntry)) return true;
  const built = statSync(buildEntry).mtimeMs;
  return sources.some((source) => newestModification(source) > built);
}

if (buildIsStale()) {
  console.log("Building the storefront (react-router build)…");
  const PATH = [join(root, "node_modules/.bin"), dirname(process.execPath), process.env.PATH].join(delimiter);
  const build = spawnSync("react-router", ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, PATH } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["server.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
