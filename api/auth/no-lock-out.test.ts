import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CODE_MAIL_LIMIT, GUESS_LIMITS } from "#api/security/rate-limit.ts";
import { spendUntrustedLoginBudget } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { API_HEADERS, OTP_POLICY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const OWNER = "amira@example.com";
const PASSWORD = "secret-pass-1";

/** A login as the storefront sends it: the shopper's address and, when the browser holds one, its device cookie. */
const login = (password: string, clientIp: string, device?: string) =>
  api.call("POST", "/public/auth/login", {
    body: { email: OWNER, password },
    clientIp,
    headers: device === undefined ? {} : { [API_HEADERS.device]: device },
  });
const forgot = (clientIp: string) => api.call("POST", "/public/auth/forgot-password", { body: { email: OWNER }, clientIp });
const reset = (otp: string, clientIp: string, newPassword = "brand-new") =>
  api.call("POST", "/public/auth/reset-password", { body: { email: OWNER, otp, newPassword }, clientIp });
const wrongCode = (n: number) => String(n % 1_000_000).padStart(6, "0");

async function signUpVerified() {
  const signup = await api.call("POST", "/public/auth/signup", {
    body: { name: "Amira Khan", email: OWNER, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signup.status).toBe(201);
  const verified = await api.call("POST", "/public/otp/verify", {
    body: { email: OWNER, otp: api.mailer.lastCode(OWNER, "verificationCode") },
  });
  expect(verified.status).toBe(200);
}

/** Runs `work` for each item, `width` at a time: thousands of requests in seconds, without holding all at once. */
async function inWaves<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(work));
}

const ATTACKERS = Array.from({ length: 200 }, (_, n) => `10.66.${Math.floor(n / 100)}.${n % 100}`);

describe("no lock-out (decision 0053)", () => {
  it("after 2000 wrong passwords and 2000 wrong codes from 200 addresses, the owner signs in on a known device and resets from a new address", async () => {
    await signUpVerified();
    const earlier = await login(PASSWORD, "198.51.100.1");
    expect(earlier.status).toBe(200);
    const knownDevice = earlier.body.data.device as string;

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    await inWaves(ATTACKERS, 20, async (address) => {
      // Each stranger asks for a code (mailed to the owner's inbox) and guesses at it and at the password.
      count((await forgot(address)).status);
      for (let n = 0; n < 10; n++) count((await login(`wrong-guess-${n}`, address)).status);
      for (let n = 0; n < 10; n++) count((await reset(wrongCode(n * 7919 + address.length), address, "attacker-pass")).status);
    });
    expect(statuses.get(500)).toBeUndefined();
    // Strangers are slowed: past the e-mail's budget for untrusted clients, a stranger's password is not checked at all.
    expect(statuses.get(429)).toBeGreaterThan(1500);
    expect((await login(PASSWORD, "203.0.113.9")).status).toBe(429);

    // (1) The owner's browser that signed in before, on an address never seen, gets straight in.
    const onKnownDevice = await login(PASSWORD, "192.0.2.77", knownDevice);
    expect(onKnownDevice.status).toBe(200);
    expect(onKnownDevice.body.data.user.email).toBe(OWNER);

    // (2) A new browser on a new address: ask, read the newest code in the mailbox, reset, sign in.
    expect((await forgot("192.0.2.88")).status).toBe(200);
    const code = api.mailer.lastCode(OWNER, "resetCode") as string;
    const resetDone = await reset(code, "192.0.2.88");
    expect(resetDone).toMatchObject({ status: 200, body: { message: MSG.auth.passwordResetLogin } });
    const afterReset = await login("brand-new", "192.0.2.88", resetDone.body.data.device);
    expect(afterReset.status).toBe(200);
    // The attackers' "attacker-pass" never took: no guessed code reset the password.
    expect((await login("attacker-pass", "192.0.2.88", resetDone.body.data.device)).status).toBe(401);
    // Thousands of requests and ~100 password checks: beyond the default timeout meant for hangs on a busy 2-core machine.
  }, 240_000);

  it("bounds guessing per code: a code dies after its tries, and a new one comes on request even past the mail budget", async () => {
    await signUpVerified();
    for (let address = 1; address <= CODE_MAIL_LIMIT.hits; address++) expect((await forgot(`203.0.113.${address}`)).status).toBe(200);
    const code = api.mailer.lastCode(OWNER, "resetCode") as string;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let n = 1; n <= OTP_POLICY.triesPerCode; n++) {
      expect((await reset(wrong, `203.0.113.${n}`)).body.message).toBe(MSG.otp.invalid);
    }
    expect(await reset(code, "198.51.100.1")).toMatchObject({ status: 400, body: { message: MSG.accounts.codeSpent } });
    expect((await forgot("198.51.100.1")).status).toBe(200);
    const fresh = api.mailer.lastCode(OWNER, "resetCode") as string;
    expect(api.mailer.sent.filter((mail) => mail.template === "resetCode")).toHaveLength(CODE_MAIL_LIMIT.hits + 1);
    expect((await reset(fresh, "198.51.100.1")).status).toBe(200);
  });

  it("hears a known device whatever others guessed, and locks out a device that fails too often by itself alone", async () => {
    await signUpVerified();
    const phone = (await login(PASSWORD, "198.51.100.1")).body.data.device as string;
    const laptop = (await login(PASSWORD, "198.51.100.2")).body.data.device as string;
    for (let n = 0; n < GUESS_LIMITS.login.device.hits; n++) expect((await login("wrong", "198.51.100.1", phone)).status).toBe(401);
    const locked = await login(PASSWORD, "198.51.100.1", phone);
    expect(locked).toMatchObject({ status: 429, body: { message: MSG.accounts.tooManyAttempts } });
    expect(locked.body.retryAfterSeconds).toBe(GUESS_LIMITS.login.device.windowMs / 1000);
    // The phone's failures were its own: the laptop on the same address, and untrusted clients, are still heard.
    expect((await login(PASSWORD, "198.51.100.1", laptop)).status).toBe(200);
    expect((await login(PASSWORD, "198.51.100.1")).status).toBe(200);
    api.clock.advance(GUESS_LIMITS.login.device.windowMs);
    expect((await login(PASSWORD, "198.51.100.1", phone)).status).toBe(200);
  });

  it("treats a malformed, forged or another account's device token as an untrusted client, never an error", async () => {
    await signUpVerified();
    const owners = (await login(PASSWORD, "198.51.100.1")).body.data.device as string;
    const other = await api.call("POST", "/public/auth/signup", {
      body: { name: "Other", email: "other@example.com", password: PASSWORD, confirmPassword: PASSWORD },
    });
    const [nonce, issued, mac] = owners.split(".");
    const hostile = [
      "",
      "garbage",
      "x".repeat(8000),
      "..",
      `${nonce}.${issued}.${"A".repeat(43)}`,
      `${"B".repeat(22)}.${issued}.${mac}`,
      `${nonce}.${Number(issued) + 1}.${mac}`,
      `${owners}.extra`,
      other.body.data.device as string,
      "%00\u00e9",
    ];
    for (const device of hostile) expect((await login(PASSWORD, "203.0.113.1", device)).status).toBe(200);
    // Spend the untrusted budget: each hostile token is then refused like any stranger, while the real one is heard.
    await spendUntrustedLoginBudget(api, OWNER);
    for (const device of hostile) expect((await login(PASSWORD, "203.0.113.2", device)).status).toBe(429);
    expect((await login(PASSWORD, "203.0.113.2", owners)).status).toBe(200);
  });
});
