import { MSG } from "#contract/messages.ts";
import { PASSWORD, SIGN_IN_MS, uniqueEmail } from "./account-helpers.ts";
import { expect, holdScripts, hydrated, test } from "./fixtures.ts";

test("what a shopper types into sign-up before the scripts run survives hydration and signs up", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "early");
  const releaseScripts = await holdScripts(page);
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

  releaseScripts();
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
