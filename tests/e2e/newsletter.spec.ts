import type { TestInfo } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { expect, test } from "./fixtures.ts";
import { mailTo, plainText, type StoredMail } from "./smtp-inbox.ts";

const uniqueEmail = (testInfo: TestInfo) =>
  `welcome-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}@example.com`.toLowerCase();

/** The welcome e-mail to `to`, once the shop's mail outbox has sent it to the e2e SMTP inbox. */
async function welcomeTo(to: string): Promise<StoredMail> {
  const dir = process.env.E2E_INBOX_DIR;
  if (!dir) throw new Error("No SMTP inbox: the e2e global setup starts one");
  await expect.poll(() => mailTo(dir, to).length, { message: `the welcome e-mail to ${to}`, timeout: 10_000 }).toBe(1);
  return mailTo(dir, to)[0] as StoredMail;
}

test("a new subscriber receives the welcome code and leaves the list from the e-mail's link", async ({ shop, page, request }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await shop.visit("/");
  await page.getByLabel("E-mail address").fill(address);
  await page.getByRole("button", { name: MSG.catalogue.subscribe }).click();
  await expect(page.getByText(MSG.subscribe.subscribed)).toBeVisible();

  const welcome = await welcomeTo(address);
  const text = plainText(welcome.raw);
  // The demo seed's first-purchase promo.
  expect(text).toContain("use the code WELCOME10 at checkout");
  const headers = welcome.raw.replace(/\r?\n[ \t]+/g, " ");
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const oneClick = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(headers)?.[1];
  const link = /(https?:\/\/\S+\/unsubscribe\?token=[0-9a-f]{32})/.exec(text)?.[1];
  if (!oneClick || !link) throw new Error("the welcome e-mail has no unsubscribe link");

  const { pathname, search } = new URL(link);
  await shop.visit(`${pathname}${search}`);
  await expect(shop.main.getByText(MSG.subscribe.unsubscribeQuestion)).toBeVisible();
  await shop.main.getByRole("button", { name: MSG.subscribe.unsubscribeButton }).click();
  await expect(shop.main.getByText(MSG.subscribe.unsubscribedTitle)).toBeVisible();
  await expect(page).toHaveURL(/\/unsubscribe\?done$/);

  // A mail client's own button: RFC 8058's POST to the header's address, with no page and no cookie.
  const answer = await request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } });
  expect(answer.status()).toBe(200);
});

test("a refused subscription is told under the spec's title, with the reason", async ({ shop, page }, testInfo) => {
  // This shopper's address has spent its budget, as a burst of sign-ups would.
  for (let n = 0; n < 10; n += 1) {
    const answer = await page.request.post("/api/public/subscribe", { data: { email: `burst-${n}-${uniqueEmail(testInfo)}` } });
    expect(answer.ok()).toBe(true);
  }
  await shop.visit("/");
  await page.getByLabel("E-mail address").fill(uniqueEmail(testInfo));
  await page.getByRole("button", { name: MSG.catalogue.subscribe }).click();
  await expect(page.getByText(MSG.subscribe.failed, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.api.tooManyRequests)).toBeVisible();
});

test("a broken unsubscribe link says so and offers no button", async ({ shop }) => {
  await shop.visit("/unsubscribe?token=not-a-token");
  await expect(shop.main.getByText(MSG.subscribe.unsubscribeLinkInvalid)).toBeVisible();
  await expect(shop.main.getByRole("button", { name: MSG.subscribe.unsubscribeButton })).toHaveCount(0);
});
