import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, matchesGlob, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
const ALIASES: Record<string, string> = { "#app/": "app/", "#api/": "api/", "#contract/": "contract/" };
const IMPORT = /^(?:import|export)(?!\s+type\s)[^;]*?\sfrom\s+"([^"]+)"/gms;

/** What `file` imports at run time (not type-only): the project's own modules, and packages by name. */
function importsOf(file: string): { modules: string[]; packages: string[] } {
  const modules: string[] = [];
  const packages: string[] = [];
  for (const [, specifier] of readFileSync(join(root, file), "utf8").matchAll(IMPORT)) {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    if (alias) modules.push(ALIASES[alias] + specifier.slice(alias.length));
    else if (specifier.startsWith(".")) modules.push(normalize(join(dirname(file), specifier)));
    else if (!specifier.startsWith("node:") && !specifier.startsWith("virtual:") && !builtinModules.includes(specifier)) {
      packages.push(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]);
    }
  }
  return { modules, packages };
}

/** The project's modules `entries` load at run time, themselves included, and the packages they import. */
function runtimeGraph(...entries: string[]): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const found = importsOf(file);
    for (const name of found.packages) packages.add(name);
    for (const module of found.modules) visit(module);
  };
  for (const entry of entries) visit(entry);
  return { modules, packages };
}

function filesUnder(path: string): string[] {
  return statSync(join(root, path)).isDirectory() ? readdirSync(join(root, path)).flatMap((name) => filesUnder(join(path, name))) : [path];
}

/** Whether the build context leaves `file` out: the last `.dockerignore` pattern matching it or a folder above it decides. */
function isDockerIgnored(file: string): boolean {
  const patterns = readFileSync(join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const paths = file.split("/").map((_, index, parts) => parts.slice(0, index + 1).join("/"));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    if (paths.some((path) => matchesGlob(path, negated ? pattern.slice(1) : pattern))) ignored = !negated;
  }
  return ignored;
}

/** The Dockerfile's last stage: what it copies from the build context, and from the `build` stage. */
function runtimeCopies(): { fromContext: string[]; fromBuild: string[] } {
  const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8").replaceAll(/\\\n\s*/g, " ");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  const sources = (pattern: RegExp) =>
    [...runtime.matchAll(pattern)].flatMap(([, args]) =>
      args
        .trim()
        .split(/\s+/)
        .slice(0, -1)
        .map((path) => normalize(path)),
    );
  return { fromContext: sources(/^COPY (?!--from)(.+)$/gm), fromBuild: sources(/^COPY --from=build (.+)$/gm) };
}

const isWithin = (file: string, paths: string[]) => paths.some((path) => file === path || !relative(path, file).startsWith(".."));

describe("Dockerfile", () => {
  it("copies, less .dockerignore, every module the launcher and the operator CLI load", () => {
    const { fromContext } = runtimeCopies();
    const { modules } = runtimeGraph("server.ts", "scripts/shop-cli.ts");
    const missing = [...modules].filter((file) => !isWithin(file, fromContext) || isDockerIgnored(file));
    expect(missing).toEqual([]);
  });

  it("copies the build the launcher loads, and gives the build stage every source of the built server", () => {
    expect(readFileSync(join(root, "server.ts"), "utf8")).toContain('"./build/server/index.js"');
    expect(runtimeCopies().fromBuild).toContain("/app/build");
    const { modules } = runtimeGraph("server/app.ts");
    const storefront = filesUnder("app").filter((file) => !/\.test\.tsx?$/.test(file));
    expect([...modules, ...storefront].filter(isDockerIgnored)).toEqual([]);
  });

  it("installs every package the built server and the operator CLI import (production dependencies only)", () => {
    const { dependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const { packages } = runtimeGraph("server/app.ts", "scripts/shop-cli.ts");
    expect([...packages].filter((name) => !(name in dependencies))).toEqual([]);
  });

  it("reads .dockerignore as Docker does: a pattern names a path from the root, or a folder and all it holds", () => {
    expect(isDockerIgnored("api/orders/orders.test.ts")).toBe(true);
    expect(isDockerIgnored("api/testing/accounts.ts")).toBe(true);
    expect(isDockerIgnored("api/orders/orders.service.ts")).toBe(false);
  });
});
