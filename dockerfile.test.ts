import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
const ALIASES: Record<string, string> = { "#app/": "app/", "#api/": "api/", "#contract/": "contract/" };

/** The project's own modules `entry` loads at run time, itself included: imports that are not type-only, followed. */
function runtimeModules(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(root, file), "utf8");
    for (const [, specifier] of source.matchAll(/^(?:import|export)(?!\s+type\s)[^;]*?\sfrom\s+"([^"]+)"/gms)) {
      const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
      if (alias) visit(ALIASES[alias] + specifier.slice(alias.length));
      else if (specifier.startsWith(".")) visit(normalize(join(dirname(file), specifier)));
    }
  };
  visit(entry);
  return seen;
}

/** What the Dockerfile's last stage copies from the build context (not `--from` another stage). */
function copiedPaths(): string[] {
  const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8").replaceAll(/\\\n\s*/g, " ");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...runtime.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap(([, args]) => args.trim().split(/\s+/).slice(0, -1));
}

describe("Dockerfile", () => {
  it("copies every module of the project that `node server.ts` loads itself", () => {
    const copied = copiedPaths().map((path) => normalize(path));
    const isCopied = (file: string) => copied.some((path) => file === path || !relative(path, file).startsWith(".."));
    const missing = [...runtimeModules("server.ts")].filter((file) => !isCopied(file));
    expect(missing).toEqual([]);
  });
});
