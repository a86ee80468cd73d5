import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GUESS_LIMITS } from "#api/security/rate-limit.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { OTP_POLICY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const EMAIL = "amira@example.com";

async function signUp() {
  const { status } = await api.call("POST", "/public/auth/signup", {
    body: { name: "Amira Khan", email: EMAIL, password: "secret-pass-1", confirmPassword: "secret-pass-1" },
  });
  expect(status).toBe(201);
  return api.mailer.lastCode(EMAIL, "verificationCode") as string;
}

const verify = (otp: string, clientIp?: string, email = EMAIL) =>
  api.call("POST", "/public/otp/verify", { body: { email, otp }, clientIp });
const isVerified = async () =>
  (await api.db.kysely.selectFrom("users").select("email_verified").where("email", "=", EMAIL).executeTakeFirstOrThrow()).email_verified ===
  1;
const wrongCode = (right: string) => (right === "000000" ? "111111" : "000000");

describe("e-mail verification codes", () => {
  it("verifies the e-mail with the code sent at sign-up", async () => {
    const otp = await signUp();
    const { status, body } = await verify(otp);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: MSG.otp.emailVerifiedToast });
    expect(await isVerified()).toBe(true);
  });

  it("stores only a digest of the code", async () => {
    const otp = await signUp();
    const row = await api.db.kysely.selectFrom("one_time_codes").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: EMAIL, purpose: "verify", attempts: 0, consumed_at: null });
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(otp);
  });

  it("answers a wrong code with the wrong-code message", async () => {
    const otp = await signUp();
    const { status, body } = await verify(wrongCode(otp));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message: MSG.otp.invalid, error: { code: "BAD_REQUEST" } });
    expect(await isVerified()).toBe(false);
  });

  it("accepts the code until 10 minutes have passed, not after", async () => {
    const otp = await signUp();
    api.clock.advance(OTP_POLICY.ttlMs - 1000);
    expect((await verify(wrongCode(otp))).body.message).toBe(MSG.otp.invalid);
    api.clock.advance(2000);
    const late = await verify(otp);
    expect(late).toMatchObject({ status: 400, body: { message: MSG.accounts.codeExpired } });
    expect(await isVerified()).toBe(false);
  });

  it("accepts a code once only", async () => {
    const otp = await signUp();
    expect((await verify(otp)).status).toBe(200);
    expect(await verify(otp)).toMatchObject({ status: 400, body: { message: MSG.otp.invalid } });
  });

  it("binds the code to its e-mail and purpose", async () => {
    const otp = await signUp();
    expect((await verify(otp, undefined, "someone-else@example.com")).status).toBe(400);
    // A verification code does not reset a password...
    const asReset = await api.call("POST", "/public/auth/reset-password", { body: { email: EMAIL, otp, newPassword: "hijacked" } });
    expect(asReset).toMatchObject({ status: 400, body: { message: MSG.otp.invalid } });
    // ...and a reset code does not verify the e-mail.
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    await api.call("POST", "/public/auth/forgot-password", { body: { email: EMAIL } });
    const resetCode = api.mailer.lastCode(EMAIL, "resetCode") as string;
    expect(await verify(resetCode)).toMatchObject({ status: 400 });
    expect(await isVerified()).toBe(false);
    expect((await verify(otp)).status).toBe(200);
  });

  it("kills a code after its tries, whoever made them, and mails a new one on request", async () => {
    const otp = await signUp();
    for (let n = 1; n <= OTP_POLICY.triesPerCode; n++) {
      expect((await verify(wrongCode(otp), `203.0.113.${n}`)).body.message).toBe(MSG.otp.invalid);
    }
    expect(await verify(otp, "198.51.100.1")).toMatchObject({ status: 400, body: { message: MSG.accounts.codeSpent } });
    expect(await isVerified()).toBe(false);
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    expect((await api.call("POST", "/public/otp/resend", { body: { email: EMAIL } })).status).toBe(200);
    expect((await verify(api.mailer.lastCode(EMAIL, "verificationCode") as string, "198.51.100.1")).status).toBe(200);
  });

  it("counts wrong codes against the address that guessed, across codes, and refuses only that address", async () => {
    let otp = await signUp();
    for (let n = 0; n < GUESS_LIMITS.code.emailFromIp.hits; n++) {
      if (n > 0 && n % OTP_POLICY.triesPerCode === 0) {
        // The code is spent: the next comes on request.
        api.clock.advance(OTP_POLICY.resendCooldownMs);
        await api.call("POST", "/public/otp/resend", { body: { email: EMAIL } });
        otp = api.mailer.lastCode(EMAIL, "verificationCode") as string;
      }
      expect((await verify(wrongCode(otp), "203.0.113.7")).body.message).toBe(MSG.otp.invalid);
    }
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    await api.call("POST", "/public/otp/resend", { body: { email: EMAIL } });
    otp = api.mailer.lastCode(EMAIL, "verificationCode") as string;
    expect(await verify(otp, "203.0.113.7")).toMatchObject({ status: 429, body: { message: MSG.accounts.tooManyAttempts } });
    expect(await isVerified()).toBe(false);
    expect((await verify(otp, "198.51.100.1")).status).toBe(200);
  });

  it("holds a 60 s cooldown between codes, then a resend replaces the old code", async () => {
    const first = await signUp();
    const tooSoon = await api.call("POST", "/public/otp/resend", { body: { email: EMAIL } });
    expect(tooSoon).toMatchObject({
      status: 429,
      body: { success: false, message: MSG.accounts.codeCooldown, error: { code: "TOO_MANY_REQUESTS" } },
    });
    expect(tooSoon.body.retryAfterSeconds).toBe(60);

    api.clock.advance(OTP_POLICY.resendCooldownMs);
    const resent = await api.call("POST", "/public/otp/resend", { body: { email: EMAIL } });
    expect(resent).toMatchObject({ status: 200, body: { success: true, message: MSG.otp.resent } });
    const second = api.mailer.lastCode(EMAIL, "verificationCode") as string;
    expect(api.mailer.sent.filter((mail) => mail.template === "verificationCode")).toHaveLength(2);
    expect((await api.call("POST", "/public/otp/send", { body: { email: EMAIL } })).status).toBe(429);

    if (first !== second) expect((await verify(first)).body.message).toBe(MSG.otp.invalid);
    expect((await verify(second)).status).toBe(200);
  });

  it("answers send the same for unknown and already verified e-mails, and mails neither", async () => {
    const otp = await signUp();
    await verify(otp);
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    const verifiedAccount = await api.call("POST", "/public/otp/send", { body: { email: EMAIL } });
    const unknown = await api.call("POST", "/public/otp/send", { body: { email: "nobody@example.com" } });
    expect(verifiedAccount).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 200, body: { success: true, message: MSG.otp.sent } });
    expect(api.mailer.sent).toHaveLength(1);
  });

  it("validates the code format", async () => {
    const { status, body } = await api.call("POST", "/public/otp/verify", { body: { email: EMAIL, otp: "12a4" } });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "otp", message: MSG.otp.sixDigits }] });
    const missing = await api.call("POST", "/public/otp/verify", { body: { email: EMAIL } });
    expect(missing.body.error.details).toEqual([{ path: "otp", message: MSG.otp.required }]);
  });

  it("limits code checks per IP across e-mails", async () => {
    for (let n = 1; n <= GUESS_LIMITS.code.ip.hits; n++) {
      expect((await verify("123456", "198.51.100.9", `x${n}@example.com`)).status).toBe(400);
    }
    expect(await verify("123456", "198.51.100.9", "another@example.com")).toMatchObject({
      status: 429,
      body: { message: MSG.accounts.tooManyAttempts },
    });
  });

  it("keeps each address's cooldown its own", async () => {
    await signUp();
    api.clock.advance(OTP_POLICY.resendCooldownMs);
    const resend = (clientIp: string) => api.call("POST", "/public/otp/resend", { body: { email: EMAIL }, clientIp });
    expect((await resend("203.0.113.1")).status).toBe(200);
    expect((await resend("203.0.113.1")).status).toBe(429);
    expect((await resend("198.51.100.1")).status).toBe(200);
  });

  it("limits code requests per IP across e-mails", async () => {
    for (let n = 1; n <= 20; n++) {
      expect((await api.call("POST", "/public/otp/send", { body: { email: `x${n}@example.com` }, clientIp: "192.0.2.50" })).status).toBe(
        200,
      );
    }
    const blocked = await api.call("POST", "/public/otp/send", { body: { email: "x21@example.com" }, clientIp: "192.0.2.50" });
    expect(blocked).toMatchObject({ status: 429, body: { message: MSG.accounts.tooManyAttempts } });
  });
});
