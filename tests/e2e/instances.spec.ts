import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import getPort from "get-port";
import { MSG } from "#contract/messages.ts";
import { PASSWORD, SIGN_IN_MS, signIn } from "./account-helpers.ts";
import { type Instance, ready, startInstance, stop, withAdmin } from "./instances.ts";
import { codeIn, mailTo, startSmtpInbox } from "./smtp-inbox.ts";

/**
 * Several instances of the shop on one PostgreSQL database, started at the same moment with the defaults (no
 * SESSION_SECRET, SEED_DEMO=auto): they migrate and seed without a race, serve one catalogue, and each accepts
 * the other's cookies. Runs in the `instances` project, which exists when a PostgreSQL server does
 * (TEST_PG_ADMIN_URL, set by `npm test`).
 */

test("two instances started at once on a fresh PostgreSQL database serve one catalogue and share sign-ins", async ({ page, request }) => {
  test.setTimeout(120_000);
  const database = `shop_instances_${process.pid}_${Date.now()}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${database}"`));
  const databaseUrl = new URL(process.env.TEST_PG_ADMIN_URL ?? "");
  databaseUrl.pathname = `/${database}`;
  const dir = mkdtempSync(join(tmpdir(), "shop-instances-"));
  const inboxDir = join(dir, "inbox");
  const smtp = await startSmtpInbox(inboxDir);

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["SESSION_SECRET", "SEED_DEMO", "API_BASE_URL", "API_INTERNAL_SECRET", "TRUST_PROXY", "TEST_PG_ADMIN_URL"])
    delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl.href,
    PG_POOL_MAX: "4",
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    // Nothing listens there: the built-in rate table is used at once.
    EXCHANGE_RATES_URL: "http://127.0.0.1:9/latest/GBP",
  });
  const [portA, portB] = [await getPort(), await getPort()];
  const instances = [startInstance(portA, env), startInstance(portB, env)];
  const [a, b] = instances as [Instance, Instance];
  try {
    await Promise.all(instances.map(ready));

    // One catalogue, seeded once.
    const catalogue = async (instance: Instance) => {
      const categories = await request.get(`${instance.url}/api/public/categories?status=Active`);
      const products = await request.get(`${instance.url}/api/public/products?page=1&limit=50`);
      expect(categories.status()).toBe(200);
      expect(products.status()).toBe(200);
      return { categories: (await categories.json()).data, products: (await products.json()).data };
    };
    const [seenByA, seenByB] = await Promise.all([catalogue(a), catalogue(b)]);
    expect(seenByA.categories.length).toBeGreaterThan(0);
    expect(seenByA.products.length).toBeGreaterThan(0);
    expect(seenByB).toEqual(seenByA);
    const names = seenByA.categories.map((category: { name: string }) => category.name);
    expect(new Set(names).size).toBe(names.length);

    // A verified account, made through instance A's API.
    const email = `instances-${Date.now()}@example.com`;
    const signup = await request.post(`${a.url}/api/public/auth/signup`, {
      data: { name: "Noor Instances", email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(signup.status()).toBe(201);
    await expect.poll(() => mailTo(inboxDir, email).length).toBe(1);
    const code = codeIn(mailTo(inboxDir, email)[0] as Parameters<typeof codeIn>[0]);
    expect((await request.post(`${a.url}/api/public/otp/verify`, { data: { email, otp: code } })).status()).toBe(200);

    // Signed in on A through the storefront's form; the same cookie (browsers share cookies across ports) on B.
    await page.goto(`${a.url}/signin`);
    await signIn(page, email, PASSWORD);
    await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
    const response = await page.goto(`${b.url}/profile?tab=account`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${b.url}/profile?tab=account`);
    await expect(page.getByRole("main")).toContainText(email);

    // Every line either wrote is JSON, the generated-secret warning included; neither met a cookie it could not verify.
    for (const instance of instances) {
      const entries = instance.lines.filter(Boolean).map((line) => JSON.parse(line) as { msg: string });
      expect(entries.map((entry) => entry.msg)).toContainEqual(expect.stringContaining("SESSION_SECRET is not set"));
      expect(entries.map((entry) => entry.msg)).not.toContainEqual(expect.stringContaining("failed verification"));
    }
  } finally {
    await Promise.all(instances.map(stop));
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${database}"`));
  }
});
