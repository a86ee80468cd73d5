import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import pino from "pino";

/**
 * `npm start`: builds the storefront when there is no build of the current sources, then runs the production
 * server in this very process. npm passes SIGTERM to the shell it started, which does not pass it on; the script
 * is `exec node …`, so that process is this one, the server, and a supervisor that signals only `npm start`
 * stops the whole shop.
 */
const USAGE = `Usage: npm start

Builds the shop when build/ was not made from the current sources (app/, api/, contract/, server/, public/,
the Vite and React Router configuration, the lockfile), then runs it in production mode: it migrates, seeds
an empty database and listens on PORT. Settings come from the environment: see README "Configuration".`;

const root = resolve(import.meta.dirname, "..");
/** Everything the build is made from (the server entry bundles the API too). */
const BUILD_SOURCES = [
  "app",
  "api",
  "contract",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
/** Written after a successful build: the fingerprint of the sources it was made from. */
const BUILD_STAMP = join(root, "build", "sources.sha256");

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A hash of the sources' names and contents: unlike timestamps, unchanged by a checkout or `npm install` rewriting a file alike. */
export function sourcesFingerprint(directory = root): string {
  const hash = createHash("sha256");
  for (const file of BUILD_SOURCES.flatMap((source) => filesUnder(join(directory, source)))) {
    hash.update(relative(directory, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function buildIsCurrent(fingerprint: string): boolean {
  return existsSync(join(root, "build/server/index.js")) && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, "utf8") === fingerprint;
}

if (import.meta.main) {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  // Before the server's modules load: React and React Router pick their production builds from it.
  process.env.NODE_ENV = "production";
  // A bad setting is named before a build is spent on a shop that would not start: the check runs from the
  // sources (it loads no storefront module), the shop from the build.
  const { checkSettingsOrExit } = await import("../server/app.ts");
  checkSettingsOrExit();
  // Synchronous, so its lines stay in order with the server's own logger.
  const logger = pino(pino.destination({ sync: true }));
  const fingerprint = sourcesFingerprint();
  if (!buildIsCurrent(fingerprint)) {
    logger.info("building the storefront (react-router build)");
    const started = performance.now();
    // The build's own output is not JSON: kept, and logged only when the build fails.
    const build = spawnSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: root,
      encoding: "utf8",
    });
    if (build.status !== 0) {
      logger.fatal({ output: `${build.stdout}${build.stderr}`.slice(-4000) }, "the storefront build failed");
      process.exit(1);
    }
    writeFileSync(BUILD_STAMP, fingerprint);
    logger.info({ seconds: Math.round((performance.now() - started) / 100) / 10 }, "built the storefront");
  }
  const { loadBuiltShop } = await import("../server.ts");
  await (await loadBuiltShop()).runShop();
}
