import type { Page } from "@playwright/test";
import { GUESS_LIMITS } from "#api/security/rate-limit.ts";
import { COOKIE_LIFETIME_DAYS, DEVICE_COOKIE, SESSION_COOKIE } from "#app/lib/constants.ts";
import { MSG } from "#contract/messages.ts";
import { createVerifiedAccount, honeypotFields, PASSWORD, SIGN_IN_MS, signIn, uniqueEmail } from "./account-helpers.ts";
import { expect, open, test } from "./fixtures.ts";

/** Any 6 digits but the right ones. */
const wrongCode = (code: string) => code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));

async function fillAddress(page: Page, fields: { label: string; line1: string; city: string; postcode: string; phone: string }) {
  await page.getByLabel("Label", { exact: true }).fill(fields.label);
  await page.getByLabel("Address line 1").fill(fields.line1);
  await page.getByLabel("City").fill(fields.city);
  await page.getByLabel("Postcode").fill(fields.postcode);
  await page.getByLabel("Phone").fill(fields.phone);
}

test("sign up, verify the e-mail, sign in, keep an address book and sign out", async ({ page, inbox, javaScriptEnabled }, testInfo) => {
  // A whole account's life in one story: longer than the default budget on a 2-core machine.
  test.slow();
  const email = uniqueEmail(testInfo, "signup");

  // A guest is sent to sign in, remembering the protected page.
  await open(page, "/profile?tab=account");
  await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent("/profile?tab=account")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Login to your Account" })).toBeVisible();

  await open(page, "/signup");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Sign Up");
  await page.getByLabel("Full name").fill("Amina Test");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
  const submit = page.getByRole("button", { name: "Sign Up" });
  if (javaScriptEnabled) {
    // Checked live, and the form cannot be sent while the passwords differ.
    await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toBeVisible();
    await expect(submit).toBeDisabled();
  } else {
    await submit.click();
    await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Amina Test");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  }
  await page.getByLabel("Confirm password").fill(PASSWORD);
  if (javaScriptEnabled) await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toHaveCount(0);
  await submit.click();

  // Sign-up hashes the password, as a sign-in does.
  await expect(page).toHaveURL("/email-verification", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.auth.accountCreated)).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);

  // Signed in but unverified: a protected page sends the shopper to verify, with their e-mail (decision 0004).
  await open(page, "/profile");
  await expect(page).toHaveURL(`/email-verification?email=${encodeURIComponent(email)}`);

  // The first code was sent at sign-up, so an immediate resend waits out the cooldown.
  await page.getByRole("button", { name: "Resend Code" }).click();
  await expect(page.getByText(MSG.accounts.codeCooldown)).toBeVisible();
  await expect(page.getByText(MSG.otp.resendFailed, { exact: true })).toBeVisible();

  const code = await inbox.code(email);
  const codeInput = page.getByLabel("Verification code");
  const verify = page.getByRole("button", { name: "Verify Email" });
  if (javaScriptEnabled) {
    await codeInput.pressSequentially(`12a${code.slice(0, 2)}`);
    await expect(codeInput).toHaveValue(`12${code.slice(0, 2)}`);
    await expect(verify).toBeDisabled();
  }
  await codeInput.fill(wrongCode(code));
  await verify.click();
  await expect(page.getByText(MSG.otp.invalid)).toBeVisible();
  await expect(page.getByRole("alert").getByText(MSG.otp.verifyFailed, { exact: true })).toBeVisible();

  await codeInput.fill(code);
  await verify.click();
  // Verified and still signed in from the sign-up: the shopper goes on to the profile, and the text says no
  // more than that (decision 0042).
  // The code's own toast, with JavaScript and without; with it the page also says what follows.
  await expect(page.getByText(MSG.otp.verified, { exact: true })).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByText(MSG.otp.emailVerifiedToast, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.otp.emailVerifiedRedirecting)).toHaveCount(0);
  await expect(page).toHaveURL("/profile");
  // Verified, the code screen has nothing more to ask: it sends the shopper on.
  await open(page, "/email-verification");
  await expect(page).toHaveURL("/profile");
  // A later visit, signed out.
  await page.context().clearCookies();
  await open(page, "/signin");

  await signIn(page, email, "not-the-password");
  await expect(page.getByText(MSG.accounts.invalidCredentials)).toBeVisible();
  await expect(page.getByRole("alert").getByText(MSG.auth.loginFailed, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  // The address book: empty, a refused postcode, then add, add another, make it the default, edit, delete.
  await open(page, "/profile?tab=account");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("User Profile");
  await expect(page.getByText(MSG.addresses.none)).toBeVisible();
  await fillAddress(page, { label: "Home", line1: "1 Silk Street", city: "London", postcode: "NOT A CODE", phone: "020 7946 0000" });
  await page.getByRole("button", { name: "Add Address" }).click();
  await expect(page.getByText(MSG.accounts.postcodeInvalid)).toBeVisible();
  await expect(page.getByLabel("Address line 1")).toHaveValue("1 Silk Street");
  await page.getByLabel("Postcode").fill("ec2y 8ds");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expect(page.getByText(MSG.accounts.addressCreated)).toBeVisible();
  const home = page.locator("article.address-card", { hasText: "1 Silk Street" });
  await expect(home).toContainText("EC2Y 8DS");
  await expect(home).toContainText("Default");
  await expect(page.getByLabel("Address line 1")).toHaveValue("");

  await fillAddress(page, { label: "Studio", line1: "9 Linen Lane", city: "Leeds", postcode: "LS1 4AP", phone: "0113 496 0000" });
  await page.getByLabel("Address type").selectOption("Work");
  await page.getByRole("button", { name: "Add Address" }).click();
  const studio = page.locator("article.address-card", { hasText: "9 Linen Lane" });
  await expect(studio).toContainText("Work");
  await expect(studio).not.toContainText("Default");
  await studio.getByRole("button", { name: "Make default" }).click();
  await expect(page.getByText(MSG.accounts.defaultAddressSet)).toBeVisible();
  await expect(studio).toContainText("Default");
  await expect(home).not.toContainText("Default");

  await home.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await expect(page.getByLabel("Address line 1")).toHaveValue("1 Silk Street");
  await page.getByLabel("Label", { exact: true }).fill("Family home");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(MSG.accounts.addressUpdated)).toBeVisible();
  await expect(home).toContainText("Family home");

  if (javaScriptEnabled) {
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(MSG.addresses.confirmDelete);
      void dialog.accept();
    });
    await studio.getByRole("button", { name: "Delete" }).click();
  } else {
    await studio.getByRole("link", { name: "Delete" }).click();
    await expect(studio).toContainText(MSG.addresses.confirmDelete);
    await studio.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(page.getByText(MSG.accounts.addressDeleted)).toBeVisible();
  await expect(studio).toHaveCount(0);
  await expect(home).toContainText("Default");

  // Sign out, then a protected page asks to sign in again and returns there afterwards.
  await page.getByRole("main").getByRole("button", { name: "SIGN OUT" }).click();
  await expect(page).toHaveURL("/signin");
  await open(page, "/profile");
  await expect(page).toHaveURL("/signin?redirectTo=%2Fprofile");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/profile", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.orders.none)).toBeVisible();
  await expect(page.getByText(MSG.orders.noneHint)).toBeVisible();
});

test("a refused address keeps what is typed while the page's data reloads", async ({
  page,
  request,
  inbox,
  javaScriptEnabled,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "refused-address");
  await createVerifiedAccount(request, inbox, email);
  await open(page, "/signin");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
  await open(page, "/profile?tab=account");

  // With JavaScript the refusal shows while the signed-in page's data reloads: that reload waits until the shopper
  // has typed again, so what they typed meets the end of the navigation every time.
  let typed = () => {};
  const typing = new Promise<void>((resolve) => {
    typed = resolve;
  });
  const reloads: string[] = [];
  await page.route(
    (url) => url.pathname === "/profile.data",
    async (route) => {
      if (route.request().method() === "GET") {
        reloads.push(route.request().url());
        await typing;
      }
      await route.continue();
    },
  );
  await fillAddress(page, { label: "Home", line1: "1 Silk Street", city: "London", postcode: "NOT A CODE", phone: "020 7946 0000" });
  const add = page.getByRole("button", { name: "Add Address" });
  await add.click();
  await expect(page.getByText(MSG.accounts.postcodeInvalid)).toBeVisible();
  await page.getByLabel("Postcode").fill("ec2y 8ds");
  typed();
  await expect(add).toBeEnabled();
  await expect(page.getByLabel("Postcode")).toHaveValue("ec2y 8ds");
  expect(reloads.length > 0).toBe(javaScriptEnabled);

  await add.click();
  await expect(page.getByText(MSG.accounts.addressCreated)).toBeVisible();
  await expect(page.locator("article.address-card", { hasText: "1 Silk Street" })).toContainText("EC2Y 8DS");
});

test("forgot password: code by mail, reset, sign in with the new password", async ({
  page,
  request,
  inbox,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, "reset");
  await createVerifiedAccount(request, inbox, email);
  const newPassword = "velvet-and-wool-77";

  await open(page, "/signin");
  await page.getByRole("button", { name: "Forgot Password" }).click();
  await expect(page.getByText(MSG.auth.enterEmailFirst)).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot Password" }).click();
  await expect(page.getByText(MSG.auth.resetCodeSent)).toBeVisible();
  await expect(page).toHaveURL("/otp-verification");
  await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
  // A code went out a moment ago: an immediate resend waits out the cooldown, under the reset code's title.
  await page.getByRole("button", { name: "Resend Code" }).click();
  await expect(page.getByText(MSG.accounts.codeCooldown)).toBeVisible();
  await expect(page.getByText(MSG.auth.resetCodeFailed, { exact: true })).toBeVisible();

  const code = await inbox.code(email, 2);
  await page.getByLabel("Reset code").fill(wrongCode(code));
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText(MSG.otp.invalid)).toBeVisible();

  await page.getByLabel("Reset code").fill(code);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText(MSG.auth.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel("Confirm new password").fill(newPassword);
  if (!javaScriptEnabled) await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();

  await expect(page).toHaveURL("/signin");
  await expect(page.getByText(MSG.auth.passwordResetToast)).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.accounts.invalidCredentials)).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
});

test("a password reset elsewhere signs the old session out on its next page, a public one included", async ({
  page,
  request,
  inbox,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "reset-elsewhere");
  await createVerifiedAccount(request, inbox, email, "Noor Elsewhere");
  await open(page, "/signin");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
  await open(page, "/about");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  // The shopper resets the password on another device: every token of theirs is revoked.
  expect((await request.post("/api/public/auth/forgot-password", { data: { email } })).status()).toBe(200);
  const otp = await inbox.code(email, 2);
  const reset = await request.post("/api/public/auth/reset-password", { data: { email, otp, newPassword: "velvet-and-wool-77" } });
  expect(reset.status()).toBe(200);

  // The next page, reached by a link (a client navigation with JavaScript), shows a signed-out visitor.
  await page.locator("a.site-logo").click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await open(page, "/profile");
  await expect(page).toHaveURL("/signin?redirectTo=%2Fprofile");
});

test("an unverified login goes to e-mail verification, then to sign in as the text says", async ({
  page,
  request,
  inbox,
  javaScriptEnabled,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "unverified");
  const signup = await request.post("/api/public/auth/signup", {
    data: { name: "Later Verified", email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signup.status()).toBe(201);

  await open(page, "/signin");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/email-verification", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.auth.verifyToContinue)).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);

  // Never signed in, the verified shopper goes to sign in (decision 0042).
  await page.getByLabel("Verification code").fill(await inbox.code(email));
  if (javaScriptEnabled) {
    // The answer held back: the overlay names the code's check, the button what it is for.
    const { promise: answerHeld, resolve: releaseAnswer } = Promise.withResolvers<void>();
    await page.route(/\/email-verification\.data/, async (route) => {
      if (route.request().method() === "POST") await answerHeld;
      await route.continue();
    });
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page.locator(".loading-overlay")).toHaveText(MSG.loading.verifyingOtp);
    await expect(page.getByRole("button", { name: MSG.loading.verifyingEmail })).toBeDisabled();
    releaseAnswer();
  } else {
    await page.getByRole("button", { name: "Verify Email" }).click();
  }
  if (javaScriptEnabled) await expect(page.getByText(MSG.otp.emailVerifiedRedirecting)).toBeVisible();
  await expect(page.getByText(MSG.otp.verified, { exact: true })).toBeVisible();
  await expect(page).toHaveURL("/signin", { timeout: SIGN_IN_MS });
  await expect(page.getByRole("heading", { name: "Login to your Account" })).toBeVisible();
});

test("signing up again with the same details finishes a sign-up that was cut short", async ({ page, request, inbox }, testInfo) => {
  const email = uniqueEmail(testInfo, "resumed");
  const first = await request.post("/api/public/auth/signup", {
    data: { name: "Cut Short", email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(first.status()).toBe(201);

  const signUp = async (password: string) => {
    await open(page, "/signup");
    await page.getByLabel("Full name").fill("Cut Short");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
  };
  // Another password: the address is taken, as for any account.
  await signUp(`${PASSWORD}-other`);
  await expect(page.getByText(MSG.accounts.emailTaken)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await signUp(PASSWORD);
  await expect(page).toHaveURL("/email-verification", { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.auth.accountCreated)).toBeVisible();
  await page.getByLabel("Verification code").fill(await inbox.code(email, 2));
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page).toHaveURL("/profile", { timeout: SIGN_IN_MS });
});

test("a browser that signed in before keeps its device cookie and gets in while strangers have spent the account's budget", async ({
  page,
  request,
  inbox,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, "device");
  await createVerifiedAccount(request, inbox, email);
  await open(page, "/signin");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
  const device = (await page.context().cookies()).find((cookie) => cookie.name === DEVICE_COOKIE);
  // Secure only over HTTPS: this server is plain HTTP (the storefront's unit test covers HTTPS).
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
  const lifetimeDays = ((device?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
  expect(lifetimeDays).toBeGreaterThan(COOKIE_LIFETIME_DAYS.device - 1);

  // The session ends; strangers on ten addresses spend the account's budget for untrusted clients.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  const strangerLogin = (password: string, address: number) =>
    request.post("/api/public/auth/login", { data: { email, password }, headers: { "x-forwarded-for": `203.0.113.${address}` } });
  const perAddress = GUESS_LIMITS.login.emailFromIp.hits;
  for (let address = 1; address <= GUESS_LIMITS.login.email.hits / perAddress; address++) {
    for (let n = 0; n < perAddress; n++) expect((await strangerLogin("wrong-guess", address)).status()).toBe(401);
  }
  expect((await strangerLogin(PASSWORD, 99)).status()).toBe(429);

  // This browser sends its device cookie with the login: the owner is not refused for what others did.
  await open(page, "/signin");
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible({ timeout: SIGN_IN_MS });
});

test("the code screens need an e-mail, and a GET to /logout changes nothing", async ({ page }) => {
  await page.goto("/email-verification");
  await expect(page).toHaveURL("/signin");
  await page.goto("/otp-verification");
  await expect(page).toHaveURL("/signin");
  await page.goto("/logout");
  await expect(page).toHaveURL("/");
});

test("cross-site and bot form posts are refused, and a sign-in returns only to this site", async ({
  request,
  inbox,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "posts");
  await createVerifiedAccount(request, inbox, email);
  const sameSite = { origin: baseURL ?? "" };
  const form = { intent: "login", email, password: PASSWORD, ...(await honeypotFields(request, "/signin")) };

  const crossSite = await request.post("/signin", { form, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
  expect(crossSite.status()).toBeGreaterThanOrEqual(400);
  expect(crossSite.headers()["set-cookie"] ?? "").not.toContain("__session");

  const bot = await request.post("/signin", { form: { ...form, name__confirm: "I am a bot" }, headers: sameSite, maxRedirects: 0 });
  expect(bot.status()).toBe(400);

  const offSite = await request.post("/signin", {
    form: { ...form, redirectTo: "https://evil.example/" },
    headers: sameSite,
    maxRedirects: 0,
  });
  expect(offSite.status()).toBe(302);
  expect(offSite.headers().location).toBe("/");
});

test("the header's Sign In comes back to the page it was clicked on, for every visitor alike", async ({
  page,
  shop,
  request,
  inbox,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, "comeback");
  await createVerifiedAccount(request, inbox, email);
  const listing = "/products?sort=name_a_z&page=2";

  await shop.visit(listing);
  await shop.header.getByRole("link", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(listing)}`);
  // The sign-in page depends on its URL alone, so it can be kept for everyone: a Referer does not change it.
  const referred = await request.get("/signin", { headers: { referer: new URL(listing, page.url()).href } });
  expect(await referred.text()).not.toContain("name_a_z");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(listing, { timeout: SIGN_IN_MS });
  await expect(page.getByText(MSG.auth.welcomeBack)).toBeVisible();
});
