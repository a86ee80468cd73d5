import type { APIRequestContext, Page, WorkerInfo } from "@playwright/test";
import { expect, type Inbox } from "./fixtures.ts";

/** Sign-up and sign-in steps that specs share (accounts, wishlist). */

export const PASSWORD = "linen-and-silk-42";
/** A sign-in hashes the password (argon2) and then loads the next page: slower than most steps on a busy machine. */
export const SIGN_IN_MS = 15_000;

/** A fresh address per test and project, so runs never meet each other's accounts. */
export const uniqueEmail = (testInfo: WorkerInfo, tag: string) =>
  `${tag}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}@example.com`.toLowerCase();

/** A verified account made through the API (sign-up, then the code from the mail). */
export async function createVerifiedAccount(request: APIRequestContext, inbox: Inbox, email: string, name = "Noor Test") {
  const signup = await request.post("/api/public/auth/signup", { data: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(signup.status()).toBe(201);
  const verify = await request.post("/api/public/otp/verify", { data: { email, otp: await inbox.code(email) } });
  expect(verify.status()).toBe(200);
}

/** Fills and sends the sign-in form of the page that is open. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The honeypot field a page renders into its forms, for posts made without the page: a form without it is refused. */
export async function honeypotFields(request: APIRequestContext, path: string): Promise<Record<string, string>> {
  const html = await (await request.get(path)).text();
  expect(html, `${path} renders the honeypot's trap`).toMatch(/<input[^>]*name="name__confirm"[^>]*>/);
  return { name__confirm: "" };
}
