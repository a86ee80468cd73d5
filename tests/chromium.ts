import { existsSync } from "node:fs";

/** CHROME_PATH, else Debian's Chromium, else the browser `npx playwright install chromium` put in Playwright's cache. */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

// The machine's network is closed: no GPU, no QUIC, and none of Chromium's background calls home.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
