import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./tests/chromium.ts";

/** Starts servers of its own on PostgreSQL instead of using the one global-setup.ts starts. */
const INSTANCES_SPEC = /instances\.spec\.ts$/;
/**
 * Once is enough: two start servers of their own (and nginx) and read their pages' headers, not what a browser
 * does with them; the other is about client navigations, which only JavaScript makes.
 */
const JS_ONLY_SPECS = /(catalogue-freshness|client-navigation|proxy-cache)\.spec\.ts$/;

/**
 * Every spec runs twice, with JavaScript on (`js`) and off (`no-js`), against the built server that
 * tests/e2e/global-setup.ts starts on a free port with a fresh database (E2E_BASE_URL set beforehand
 * tests a server that is already running instead).
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Two browsers beside the server is what a 2-core CI machine runs without timeouts.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A test that passes only on retry is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: "en-GB",
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: INSTANCES_SPEC },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: [INSTANCES_SPEC, JS_ONLY_SPECS] },
    // Several servers on one PostgreSQL database: only when there is one (`npm test` provides it).
    ...(process.env.TEST_PG_ADMIN_URL ? [{ name: "instances", testMatch: INSTANCES_SPEC, use: { javaScriptEnabled: true } }] : []),
  ],
});
