import type { ViteDevServer } from "vite";
import type * as ShopServer from "./server/app.ts";

/**
 * `node server.ts [--dev]`: starts the shop. `server/app.ts` (the Express app, the API and the process around them)
 * is built with the storefront (`react-router build` takes it as the server entry, the way React Router's
 * node-custom-server template does), so it and the routes share one copy of every module. This file only picks
 * the build, or in development the same module served by Vite.
 */
const USAGE = `Usage: node server.ts | node --conditions development server.ts --dev   (npm run dev)

Runs the shop from the build (npm start builds first and runs this). --dev serves the storefront through Vite's
dev server instead of the build; Node then resolves packages for development as Vite does, so that React Router
is one copy. Settings come from the environment: see README "Configuration".`;

export type ShopServerModule = typeof ShopServer;

/** The built shop server, from build/ (`react-router build`). */
export const loadBuiltShop = async (): Promise<ShopServerModule> => import(new URL("./build/server/index.js", import.meta.url).href);

/** The shop server module run by Vite's dev server in middleware mode, and that server: no build needed. */
export async function loadDevShop(): Promise<{ shop: ShopServerModule; vite: ViteDevServer }> {
  const { createServer, isRunnableDevEnvironment } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error("The Vite SSR environment cannot run modules");
  return { shop: await ssr.runner.import<ShopServerModule>("/server/app.ts"), vite };
}

if (import.meta.main) {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  if (process.argv.includes("--dev")) {
    // `npm run dev` is development unless told otherwise: the local outbox then logs codes.
    process.env.NODE_ENV ??= "development";
    const { shop, vite } = await loadDevShop();
    await shop.runShop({ vite });
  } else {
    await (await loadBuiltShop()).runShop();
  }
}
