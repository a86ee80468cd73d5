import { readFile } from "node:fs/promises";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expect, open, test } from "./fixtures.ts";

test("a shopper downloads their data, deletes their account, and signs up again with the same e-mail", async ({
  page,
  request,
  inbox,
  javaScriptEnabled,
}, testInfo) => {
  // Three password hashes and a sign-up: longer than the default budget on a 2-core machine.
  test.slow();
  const email = uniqueEmail(testInfo, "rights");
  await createVerifiedAccount(request, inbox, email, "Amira Rights");
  await open(page, "/profile?tab=account");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/profile?tab=account", { timeout: SIGN_IN_MS });

  // One JSON file with the account in it, and the page stays where it was.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: MSG.privacy.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/my-data\.json$/);
  const document = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
  expect(document).toMatchObject({ account: { name: "Amira Rights", email }, orders: [], newsletter: null });
  await expect(page).toHaveURL("/profile?tab=account");

  await page.getByRole("button", { name: MSG.recentlyViewed.clear }).click();
  await expect(page.getByText(MSG.recentlyViewed.cleared)).toBeVisible();

  // A wrong password is the field's error, and nothing is lost.
  const password = page.getByLabel(MSG.privacy.passwordLabel);
  const remove = page.getByRole("button", { name: MSG.privacy.deleteSubmit });
  await password.fill("not my password");
  await remove.click();
  await expect(page.getByText(MSG.privacy.wrongPassword)).toBeVisible({ timeout: SIGN_IN_MS });
  // A new page never echoes the password; with JavaScript the field keeps what was typed, as the sign-in's does.
  if (!javaScriptEnabled) await expect(password).toHaveValue("");
  await expect(page.getByRole("main")).toContainText(email);

  await password.fill(PASSWORD);
  await remove.click();
  await expect(page).toHaveURL("/", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.privacy.deleted)).toBeVisible();
  await open(page, "/profile?tab=account");
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.accounts.invalidCredentials)).toBeVisible({ timeout: SIGN_IN_MS });

  // The e-mail is free again: a new account.
  await open(page, "/signup");
  await page.getByLabel("Full name").fill("Amira Again");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/email-verification", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.auth.accountCreated)).toBeVisible();
});
