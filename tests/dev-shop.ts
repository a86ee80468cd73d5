import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { loadDevShop } from "../server.ts";

export type DevShop = Awaited<ReturnType<typeof startDevShop>>;

/**
 * The whole shop (server/app.ts) in dev mode, listening on a free loopback port, for tests that call it over HTTP.
 * Dev mode serves the storefront through Vite, so no production build is needed (Vitest runs before the build in
 * `npm test`). Its files (the SQLite database unless `env` names another, the outbox) are in a temporary folder
 * that `stop()` removes; exchange rates are asked of an address where nothing answers (the built-in table).
 */
export async function startDevShop(name: string, options: { env?: NodeJS.ProcessEnv; logTo?: DestinationStream } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const { shop: shopServer, vite } = await loadDevShop();
  const shop = await shopServer.createShopServer({
    vite,
    env: {
      DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
      OUTBOX_DIR: join(dataDir, "outbox"),
      LOG_LEVEL: "silent",
      EXCHANGE_RATES_URL: "http://127.0.0.1:9/rates",
      ...options.env,
    },
    logTo: options.logTo,
  });
  const http = createServer(shop.app).listen(0, "127.0.0.1");
  await new Promise((resolve) => http.once("listening", resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    shop,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await shop.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
