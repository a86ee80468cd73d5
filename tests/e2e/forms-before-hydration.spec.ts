import type { Page, Route } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { PASSWORD, SIGN_IN_MS, uniqueEmail } from "./account-helpers.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * Holds every script of the pages until `release` is called, as a slow phone network does: the server's HTML is
 * shown and can be typed in before React takes it over. Without JavaScript nothing is requested and nothing held.
 */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route("**/assets/**/*.js", (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test("what a shopper types into sign-up before the scripts run survives hydration and signs up", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "early");
  const scripts = await holdScripts(page);
  // Neither the load event nor DOMContentLoaded comes while the page's module scripts are held.
  await page.goto("/signup", { waitUntil: "commit" });

  const name = page.getByLabel("Full name");
  const emailInput = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");
  await name.fill("Early Typist");
  await emailInput.fill(email);
  await password.fill(PASSWORD);
  await confirm.fill(PASSWORD);

  await scripts.release();
  if (javaScriptEnabled) await hydrated(page);

  await expect(name).toHaveValue("Early Typist");
  await expect(emailInput).toHaveValue(email);
  await expect(password).toHaveValue(PASSWORD);
  await expect(confirm).toHaveValue(PASSWORD);
  await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toHaveCount(0);
  const submit = page.getByRole("button", { name: "Sign Up" });
  await expect(submit).toBeEnabled();

  // The live check reads what is in the inputs, including what was typed before hydration.
  if (javaScriptEnabled) {
    await confirm.press("End");
    await confirm.press("x");
    await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toBeVisible();
    await expect(submit).toBeDisabled();
    await confirm.press("Backspace");
    await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toHaveCount(0);
  }
  await submit.click();
  await expect(page).toHaveURL("/email-verification", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.auth.accountCreated)).toBeVisible();
});
