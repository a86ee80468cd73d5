import { reactRouter } from "@react-router/dev/vite";
import type { ModuleInfo } from "rolldown";
import { defineConfig } from "vite";

/**
 * Modules that only re-export others. The layout reads a few sections of the message catalogue through
 * `MSG`; following the barrel's edges would put every section, and every text any page reads, on every page.
 */
const REEXPORT_BARRELS = ["/contract/messages.ts"];

/** Modules the root route imports, directly or not: every page loads them, so one chunk serves them best. */
function rootLayoutGroup(id: string, ctx: { getModuleInfo: (id: string) => ModuleInfo | null }): string | null {
  if (id.includes("/app/root.tsx") || !/\.(tsx?|m?js)$/.test(id)) return null;
  const seen = new Set([id]);
  const pending = [id];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
      if (importer.includes("/app/root.tsx")) return "layout";
      if (REEXPORT_BARRELS.some((barrel) => importer.endsWith(barrel))) continue;
      if (!seen.has(importer)) {
        seen.add(importer);
        pending.push(importer);
      }
    }
  }
  return null;
}

export default defineConfig({
  plugins: [reactRouter()],
  // ES2022 syntax as written (class fields, `??=`): every browser the shop supports runs it, and the client
  // scripts are about 0.5 KB gzip smaller than lowered to Vite's default target.
  build: { assetsInlineLimit: 0, target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router load together on every page: one chunk, not several.
                { name: "framework", test: /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\// },
                { name: rootLayoutGroup },
              ],
            },
          },
        },
      },
    },
  },
});
