import { randomInt } from "node:crypto";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { codeIn, mailTo, plainText } from "./smtp-inbox.ts";

/** The shop as a shopper sees it: visiting pages and the chrome every page shares. */
export interface Shop {
  page: Page;
  /** Whether this project runs with JavaScript (`js`) or without it (`no-js`). */
  javaScriptEnabled: boolean;
  /**
   * Opens `path` and checks the server answered it successfully (`status` to expect another, such as 404). With
   * JavaScript it also waits until React has hydrated the page: a tap before then is a tap on the page without
   * JavaScript, which the no-js project covers (and `catalogue-before-hydration.spec.ts` with the scripts held back).
   */
  visit(path: string, options?: { status?: number }): Promise<void>;
  topBar: Locator;
  header: Locator;
  mainNav: Locator;
  footer: Locator;
  main: Locator;
  /** The top bar's display-currency picker; it reads the currency in force. */
  currencyPicker: Locator;
  /** A currency's button in the picker's list (JavaScript) or on the currency page the picker opens (without). */
  currencyChoice(code: string): Locator;
  /** Picks a display currency through the top-bar picker and waits for the choice to be saved. */
  chooseCurrency(code: string): Promise<void>;
}

/** The mail the shop sent, as a real SMTP server received it (global-setup.ts starts it). */
export interface Inbox {
  /** The code in message number `nth` (1-based) to `to`, waiting for it to arrive. */
  code(to: string, nth?: number): Promise<string>;
  /** The text part of the first message to `to` whose text contains `phrase`, waiting for it to arrive. */
  text(to: string, phrase: string): Promise<string>;
}

/** The folder an SMTP inbox (smtp-inbox.ts) fills, read as an inbox. */
export function inboxAt(dir: string): Inbox {
  return {
    async code(to, nth = 1) {
      await expect
        .poll(() => mailTo(dir, to).length, { message: `mail number ${nth} to ${to}`, timeout: 10_000 })
        .toBeGreaterThanOrEqual(nth);
      const mail = mailTo(dir, to)[nth - 1];
      if (!mail) throw new Error(`no mail number ${nth} to ${to}`);
      return codeIn(mail);
    },
    async text(to, phrase) {
      const find = () =>
        mailTo(dir, to)
          .map((mail) => plainText(mail.raw))
          .find((text) => text.includes(phrase));
      await expect.poll(find, { message: `mail to ${to} saying "${phrase}"`, timeout: 15_000 }).toBeDefined();
      return find() as string;
    },
  };
}

/** The folder the global setup's SMTP server fills, read as an inbox (for test and worker fixtures alike). */
export function sharedInbox(): Inbox {
  const dir = process.env.E2E_INBOX_DIR;
  if (!dir) throw new Error("No SMTP inbox: the e2e global setup starts one (not with E2E_BASE_URL set)");
  return inboxAt(dir);
}

/**
 * Holds every script of the page back until the returned function is called, as a slow phone network does: the
 * server's HTML is shown and can be used before React takes it over. Without JavaScript nothing is held.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await released;
    // The page may have been left while its script was held: the request is gone then, and nothing waits for it.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** React marks each element it hydrates; the effects of that render run by the next frames. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Opens `path` as a shopper would and, when the project runs JavaScript, waits until React has hydrated it: a tap
 * before that is a tap on the page without JavaScript.
 */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (base.info().project.use.javaScriptEnabled !== false) await hydrated(page);
}

export const test = base.extend<{ shop: Shop; inbox: Inbox }>({
  // Each test is a different shopper: the server trusts X-Forwarded-For from loopback (TRUST_PROXY in
  // global-setup.ts), so per-IP rate limits count this test's requests alone, as they would a real visitor's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; the inbox has none.
  inbox: async ({}, use) => {
    await use(sharedInbox());
  },
  shop: async ({ page, javaScriptEnabled }, use) => {
    const topBar = page.locator(".top-bar");
    const currencyPicker = topBar.getByRole("link", { name: new RegExp(`^${MSG.pricing.displayCurrency}`) });
    const currencyChoice = (code: string) => page.locator(`button[name="currency"][value="${code}"]`);
    await use({
      page,
      javaScriptEnabled,
      async visit(path, options = {}) {
        const response = await page.goto(path);
        expect(response, `no response for ${path}`).not.toBeNull();
        expect(response?.status(), `status of ${path}`).toBe(options.status ?? 200);
        if (javaScriptEnabled) await hydrated(page);
      },
      topBar,
      header: page.locator("header.site-header"),
      mainNav: page.getByRole("navigation", { name: "Main" }),
      footer: page.locator("footer.site-footer"),
      main: page.locator("main#main"),
      currencyPicker,
      currencyChoice,
      async chooseCurrency(code) {
        const saved = page.waitForResponse(
          (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/currency"),
        );
        await currencyPicker.click();
        await currencyChoice(code).click();
        await saved;
        await expect(currencyPicker).toContainText(code);
      },
    });
  },
});

export { expect };
