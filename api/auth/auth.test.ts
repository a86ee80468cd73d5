import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CODE_MAIL_LIMIT } from "#api/security/rate-limit.ts";
import { createSignedInUser, spendUntrustedLoginBudget } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { API_HEADERS, AUTH_TOKEN_TTL_MS, OTP_POLICY, PASSWORD_MAX, PASSWORD_MIN } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const signupBody = (email = "amira@example.com", password = "secret-pass-1") => ({
  name: "Amira Khan",
  email,
  password,
  confirmPassword: password,
});

async function signUpVerified(email = "amira@example.com", password = "secret-pass-1") {
  const signup = await api.call("POST", "/public/auth/signup", { body: signupBody(email, password) });
  expect(signup.status).toBe(201);
  const otp = api.mailer.lastCode(email, "verificationCode");
  const verified = await api.call("POST", "/public/otp/verify", { body: { email, otp } });
  expect(verified.status).toBe(200);
  return signup.body.data.token as string;
}

describe("POST /public/auth/signup", () => {
  it("creates an unverified account, signs it in and mails a verification code", async () => {
    const { status, body } = await api.call("POST", "/public/auth/signup", { body: signupBody("  Amira@Example.COM ") });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      needsVerification: true,
      message: MSG.auth.accountCreated,
      data: { user: { name: "Amira Khan", email: "amira@example.com", email_verified: false } },
    });
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(api.mailer.sent).toHaveLength(1);
    expect(api.mailer.sent[0]).toMatchObject({ template: "verificationCode", to: "amira@example.com" });
    expect(api.mailer.lastCode("amira@example.com")).toMatch(/^\d{6}$/);
  });

  it("stores an argon2id hash, never the password", async () => {
    await api.call("POST", "/public/auth/signup", { body: signupBody() });
    const row = await api.db.kysely.selectFrom("users").select("password_hash").executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.password_hash).not.toContain("secret-pass-1");
  });

  it("answers 400 VALIDATION_ERROR with one detail per bad field", async () => {
    const { status, body } = await api.call("POST", "/public/auth/signup", {
      body: { name: "  ", email: "not-an-email", password: "short", confirmPassword: "different" },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: "name", message: MSG.auth.fillAllFields },
        { path: "email", message: MSG.auth.invalidEmail },
        { path: "password", message: MSG.accounts.passwordMin(PASSWORD_MIN) },
      ]),
    );
  });

  it("reports mismatched passwords on confirmPassword", async () => {
    const { status, body } = await api.call("POST", "/public/auth/signup", {
      body: { ...signupBody(), confirmPassword: "secret-pass-2" },
    });
    expect(status).toBe(400);
    expect(body.error.details).toEqual([{ path: "confirmPassword", message: MSG.auth.passwordsDoNotMatch }]);
  });

  it("reports missing fields and a password over the maximum", async () => {
    const missing = await api.call("POST", "/public/auth/signup", { body: {} });
    expect(missing.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      "confirmPassword",
      "email",
      "name",
      "password",
    ]);
    const long = "x".repeat(PASSWORD_MAX + 1);
    const tooLong = await api.call("POST", "/public/auth/signup", { body: signupBody("a@example.com", long) });
    expect(tooLong.body.error.details).toEqual([{ path: "password", message: MSG.accounts.passwordMax(PASSWORD_MAX) }]);
  });

  it("answers 409 with a field detail when the e-mail is already registered, whatever its case", async () => {
    await signUpVerified();
    const { status, body } = await api.call("POST", "/public/auth/signup", { body: signupBody("AMIRA@example.com") });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      success: false,
      message: MSG.accounts.emailTaken,
      error: { code: "CONFLICT", details: [{ path: "email", message: MSG.accounts.emailTaken }] },
    });
  });

  it("writes the account, its code and its token together or not at all", async () => {
    // The token is written last: when it cannot be, nothing of the sign-up may stay behind.
    await api.db.kysely.schema.alterTable("auth_tokens").renameTo("auth_tokens_away").execute();
    const failed = await api.call("POST", "/public/auth/signup", { body: signupBody() });
    expect(failed.status).toBe(500);
    expect(await api.db.kysely.selectFrom("users").selectAll().execute()).toEqual([]);
    expect(await api.db.kysely.selectFrom("one_time_codes").selectAll().execute()).toEqual([]);
    expect(api.mailer.sent).toEqual([]);

    await api.db.kysely.schema.alterTable("auth_tokens_away").renameTo("auth_tokens").execute();
    const again = await api.call("POST", "/public/auth/signup", { body: signupBody() });
    expect(again.status).toBe(201);
    expect(api.mailer.sent.map((mail) => mail.template)).toEqual(["verificationCode"]);
  });

  it("finishes a sign-up that never got its code when the same password comes again", async () => {
    // What an interrupted sign-up used to leave: an unverified account without a code or a mail.
    const { user } = await createSignedInUser(api, {
      name: "Amira Khan",
      email: "amira@example.com",
      password: "secret-pass-1",
      verified: false,
    });
    const { status, body } = await api.call("POST", "/public/auth/signup", { body: { ...signupBody(), name: "Someone Else" } });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      needsVerification: true,
      message: MSG.auth.accountCreated,
      data: { user: { id: user.id, name: "Amira Khan", email: "amira@example.com", email_verified: false } },
    });
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect((await api.call("GET", "/public/auth/me", { token: body.data.token })).body.data.user.id).toBe(user.id);
    expect(api.mailer.sent).toMatchObject([{ template: "verificationCode", to: "amira@example.com" }]);
    const otp = api.mailer.lastCode("amira@example.com");
    expect((await api.call("POST", "/public/otp/verify", { body: { email: "amira@example.com", otp } })).status).toBe(200);
  });

  it("answers 409 alike for a verified and an unverified address unless the password finishes the sign-up", async () => {
    await signUpVerified("verified@example.com");
    await createSignedInUser(api, { email: "pending@example.com", password: "secret-pass-1", verified: false });
    api.mailer.sent.length = 0;
    const verifiedRightPassword = await api.call("POST", "/public/auth/signup", { body: signupBody("verified@example.com") });
    const verifiedWrongPassword = await api.call("POST", "/public/auth/signup", {
      body: signupBody("verified@example.com", "other-pass-2"),
    });
    const pendingWrongPassword = await api.call("POST", "/public/auth/signup", { body: signupBody("pending@example.com", "other-pass-2") });
    expect(verifiedRightPassword.status).toBe(409);
    expect(verifiedWrongPassword).toEqual(verifiedRightPassword);
    expect(pendingWrongPassword).toEqual(verifiedRightPassword);
    expect(api.mailer.sent).toEqual([]);
  });

  it("still succeeds when the mail server fails (the user can resend)", async () => {
    const failing = await freshApi({ mailer: { send: () => Promise.reject(new Error("SMTP down")) } });
    const { status } = await failing.call("POST", "/public/auth/signup", { body: signupBody() });
    expect(status).toBe(201);
    await failing.close();
  });
});

describe("POST /public/auth/login", () => {
  it("signs a verified user in with a new token each time", async () => {
    await signUpVerified();
    const first = await api.call("POST", "/public/auth/login", { body: { email: "Amira@example.com", password: "secret-pass-1" } });
    const second = await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "secret-pass-1" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: MSG.auth.welcomeBack,
      data: { user: { name: "Amira Khan", email: "amira@example.com", email_verified: true } },
    });
    expect(Object.keys(first.body.data.user).sort()).toEqual(["email", "email_verified", "id", "name"]);
    expect(second.body.data.token).not.toBe(first.body.data.token);
  });

  it("answers an unverified user 401 needsVerification with the e-mail and no token", async () => {
    await api.call("POST", "/public/auth/signup", { body: signupBody() });
    const { status, body } = await api.call("POST", "/public/auth/login", {
      body: { email: "amira@example.com", password: "secret-pass-1" },
    });
    expect(status).toBe(401);
    expect(body).toMatchObject({
      success: false,
      needsVerification: true,
      email: "amira@example.com",
      message: MSG.auth.verifyToContinue,
      error: { code: "UNAUTHORIZED" },
    });
    expect(JSON.stringify(body)).not.toMatch(/token/);
  });

  it("answers a wrong password and an unknown e-mail identically (no account enumeration)", async () => {
    await signUpVerified();
    const wrongPassword = await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "wrong-pass" } });
    const unknownEmail = await api.call("POST", "/public/auth/login", { body: { email: "nobody@example.com", password: "wrong-pass" } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword).toEqual(unknownEmail);
    expect(wrongPassword.body.message).toBe(MSG.accounts.invalidCredentials);
  });

  it("requires both fields", async () => {
    const { status, body } = await api.call("POST", "/public/auth/login", { body: { email: "", password: "" } });
    expect(status).toBe(400);
    expect(body.error.details).toEqual([
      { path: "email", message: MSG.auth.fillAllFields },
      { path: "password", message: MSG.auth.fillAllFields },
    ]);
  });
});

describe("sessions", () => {
  it("GET /me answers the user for a live token and 401 without one", async () => {
    const token = await signUpVerified();
    const me = await api.call("GET", "/public/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email: "amira@example.com", email_verified: true });
    expect((await api.call("GET", "/public/auth/me")).status).toBe(401);
    expect((await api.call("GET", "/public/auth/me", { token: "made-up-token" })).status).toBe(401);
  });

  it("logout revokes the presented token only", async () => {
    const { token, password, user } = await createSignedInUser(api);
    const other = await api.call("POST", "/public/auth/login", { body: { email: user.email, password } });
    const logout = await api.call("POST", "/public/auth/logout", { token });
    expect(logout).toMatchObject({ status: 200, body: { success: true, message: MSG.accounts.loggedOut } });
    expect((await api.call("GET", "/public/auth/me", { token })).status).toBe(401);
    expect((await api.call("POST", "/public/auth/logout", { token })).status).toBe(401);
    expect((await api.call("GET", "/public/auth/me", { token: other.body.data.token })).status).toBe(200);
  });

  it("rejects a token once it has expired", async () => {
    const { token } = await createSignedInUser(api);
    api.clock.advance(AUTH_TOKEN_TTL_MS - 1000);
    expect((await api.call("GET", "/public/auth/me", { token })).status).toBe(200);
    api.clock.advance(1000);
    expect((await api.call("GET", "/public/auth/me", { token })).status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers forgot-password the same for known and unknown e-mails, and mails only the account", async () => {
    await signUpVerified();
    const known = await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" } });
    const unknown = await api.call("POST", "/public/auth/forgot-password", { body: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    expect(known.body.message).toBe(MSG.accounts.resetCodeSentIfAccount);
    expect(api.mailer.sent.filter((mail) => mail.template === "resetCode").map((mail) => mail.to)).toEqual(["amira@example.com"]);
  });

  it("answers a wrong reset code the same for known and unknown e-mails", async () => {
    await signUpVerified();
    await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" } });
    await api.call("POST", "/public/auth/forgot-password", { body: { email: "nobody@example.com" } });
    const right = api.mailer.lastCode("amira@example.com", "resetCode");
    const wrong = right === "000000" ? "111111" : "000000";
    const attempt = (email: string) =>
      api.call("POST", "/public/auth/reset-password", { body: { email, otp: wrong, newPassword: "brand-new-pass" } });
    expect(await attempt("amira@example.com")).toEqual(await attempt("nobody@example.com"));
    api.clock.advance(10 * 60 * 1000 + 1000);
    expect(await attempt("amira@example.com")).toEqual(await attempt("nobody@example.com"));
  });

  it("sets the new password, revokes every session and mails a notice", async () => {
    const token = await signUpVerified();
    const login = await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "secret-pass-1" } });
    await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" } });
    const otp = api.mailer.lastCode("amira@example.com", "resetCode");

    const reset = await api.call("POST", "/public/auth/reset-password", {
      body: { email: "amira@example.com", otp, newPassword: "brand-new" },
    });
    expect(reset).toMatchObject({ status: 200, body: { success: true, message: MSG.auth.passwordResetLogin } });
    for (const old of [token, login.body.data.token]) expect((await api.call("GET", "/public/auth/me", { token: old })).status).toBe(401);
    expect((await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "secret-pass-1" } })).status).toBe(
      401,
    );
    expect((await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "brand-new" } })).status).toBe(
      200,
    );
    expect(api.mailer.sent.at(-1)).toMatchObject({ template: "passwordChanged", to: "amira@example.com" });

    const again = await api.call("POST", "/public/auth/reset-password", {
      body: { email: "amira@example.com", otp, newPassword: "another-one" },
    });
    expect(again).toMatchObject({ status: 400, body: { message: MSG.otp.invalid } });
  });

  it("verifies the e-mail of an unverified account that resets its password", async () => {
    await api.call("POST", "/public/auth/signup", { body: signupBody() });
    api.clock.advance(60 * 1000);
    await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" } });
    const otp = api.mailer.lastCode("amira@example.com", "resetCode");
    await api.call("POST", "/public/auth/reset-password", { body: { email: "amira@example.com", otp, newPassword: "brand-new" } });
    const login = await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "brand-new" } });
    expect(login.body.data.user.email_verified).toBe(true);
  });

  it("holds the reset password to the sign-up's rule: abc123 and seven characters are refused, eight are taken", async () => {
    await signUpVerified();
    await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" } });
    const otp = api.mailer.lastCode("amira@example.com", "resetCode");
    const reset = (newPassword: string) =>
      api.call("POST", "/public/auth/reset-password", { body: { email: "amira@example.com", otp, newPassword } });
    for (const short of ["abc123", "a".repeat(PASSWORD_MIN - 1)]) {
      const refused = await reset(short);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual([{ path: "newPassword", message: MSG.accounts.passwordMin(PASSWORD_MIN) }]);
    }
    const signup = await api.call("POST", "/public/auth/signup", {
      body: { ...signupBody(), email: "other@example.com", password: "abc123", confirmPassword: "abc123" },
    });
    expect(signup.body.error.details).toEqual([{ path: "password", message: MSG.accounts.passwordMin(PASSWORD_MIN) }]);
    // A refused password leaves the code unspent.
    expect((await reset("b".repeat(PASSWORD_MIN))).status).toBe(200);
    expect(
      (await api.call("POST", "/public/auth/login", { body: { email: "amira@example.com", password: "b".repeat(PASSWORD_MIN) } })).status,
    ).toBe(200);
  });

  it("checks the code's form and the password's together", async () => {
    const { status, body } = await api.call("POST", "/public/auth/reset-password", {
      body: { email: "a@example.com", otp: "12345", newPassword: "12345" },
    });
    expect(status).toBe(400);
    expect(body.error.details).toEqual([
      { path: "otp", message: MSG.otp.sixDigits },
      { path: "newPassword", message: MSG.accounts.passwordMin(PASSWORD_MIN) },
    ]);
  });
});

describe("rate limits", () => {
  const login = (email: string, password: string, clientIp: string) =>
    api.call("POST", "/public/auth/login", { body: { email, password }, clientIp });

  it("does not lock the owner out after wrong passwords from ten other addresses", async () => {
    await signUpVerified();
    for (let n = 1; n <= 10; n++) expect((await login("amira@example.com", "wrong", `203.0.113.${n}`)).status).toBe(401);
    expect((await login("amira@example.com", "wrong", "203.0.113.11")).status).toBe(401);
    expect((await login("amira@example.com", "secret-pass-1", "198.51.100.20")).status).toBe(200);
  });

  it("limits wrong passwords per e-mail from one address, alike for unknown e-mails, until the window ends", async () => {
    await signUpVerified();
    const blocked: Record<string, unknown>[] = [];
    for (const email of ["amira@example.com", "nobody@example.com"]) {
      for (let n = 1; n <= 10; n++) expect((await login(email, "wrong", "203.0.113.1")).status).toBe(401);
      const refused = await login(email, "wrong", "203.0.113.1");
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, message: MSG.accounts.tooManyAttempts, error: { code: "TOO_MANY_REQUESTS" } });
      expect(refused.body.retryAfterSeconds).toBe(15 * 60);
      blocked.push(refused);
    }
    expect(blocked[0]).toEqual(blocked[1]);
    // That address waits out the window, even with the right password; the owner elsewhere does not.
    expect((await login("amira@example.com", "secret-pass-1", "203.0.113.1")).status).toBe(429);
    expect((await login("amira@example.com", "secret-pass-1", "198.51.100.20")).status).toBe(200);
    api.clock.advance(15 * 60 * 1000);
    expect((await login("amira@example.com", "secret-pass-1", "203.0.113.1")).status).toBe(200);
  });

  it("counts failures only: right passwords spend nothing of the e-mail's budget", async () => {
    await signUpVerified();
    for (let n = 1; n <= 12; n++) expect((await login("amira@example.com", "secret-pass-1", "198.51.100.20")).status).toBe(200);
    for (let n = 1; n <= 10; n++) expect((await login("amira@example.com", "wrong", "198.51.100.20")).status).toBe(401);
    expect((await login("amira@example.com", "wrong", "198.51.100.20")).status).toBe(429);
  });

  it("once an e-mail's daily budget for untrusted clients is spent, hears only its known devices, and a reset ends it", async () => {
    await signUpVerified();
    const known = await login("amira@example.com", "secret-pass-1", "198.51.100.20");
    const device = known.body.data.device as string;
    const fromDevice = (password: string, clientIp: string) =>
      api.call("POST", "/public/auth/login", {
        body: { email: "amira@example.com", password },
        clientIp,
        headers: { [API_HEADERS.device]: device },
      });
    // Wrong passwords spread over many addresses, each within its own budget.
    for (const email of ["amira@example.com", "nobody@example.com"]) await spendUntrustedLoginBudget(api, email);
    const stranger = await login("amira@example.com", "secret-pass-1", "203.0.113.50");
    expect(stranger.status).toBe(429);
    expect(stranger.body.retryAfterSeconds).toBe(24 * 60 * 60);
    expect(await login("nobody@example.com", "secret-pass-1", "203.0.113.50")).toEqual(stranger);
    // The address that signed in is no longer what counts: the browser is, wherever it is.
    expect((await login("amira@example.com", "secret-pass-1", "198.51.100.20")).status).toBe(429);
    expect((await fromDevice("wrong", "203.0.113.51")).status).toBe(401);
    expect((await fromDevice("secret-pass-1", "203.0.113.51")).status).toBe(200);

    // A new browser gets in by resetting the password (the code proves the mailbox).
    await api.call("POST", "/public/auth/forgot-password", { body: { email: "amira@example.com" }, clientIp: "203.0.113.50" });
    const otp = api.mailer.lastCode("amira@example.com", "resetCode");
    const reset = await api.call("POST", "/public/auth/reset-password", {
      body: { email: "amira@example.com", otp, newPassword: "brand-new" },
      clientIp: "203.0.113.50",
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data.device).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/);
    expect((await login("amira@example.com", "brand-new", "203.0.113.50")).status).toBe(200);
  });

  it("limits login attempts per IP across e-mails", async () => {
    const attempt = (n: number, clientIp: string) =>
      api.call("POST", "/public/auth/login", { body: { email: `guess${n}@example.com`, password: "wrong" }, clientIp });
    for (let n = 1; n <= 30; n++) expect((await attempt(n, "198.51.100.7")).status).toBe(401);
    expect((await attempt(31, "198.51.100.7")).status).toBe(429);
    expect((await attempt(32, "198.51.100.8")).status).toBe(401);
  });

  it("limits sign-ups per IP", async () => {
    for (let n = 1; n <= 10; n++) {
      const { status } = await api.call("POST", "/public/auth/signup", { body: signupBody(`new${n}@example.com`), clientIp: "192.0.2.1" });
      expect(status).toBe(201);
    }
    const blocked = await api.call("POST", "/public/auth/signup", { body: signupBody("new11@example.com"), clientIp: "192.0.2.1" });
    expect(blocked).toMatchObject({ status: 429, body: { message: MSG.accounts.tooManyAttempts } });
  });

  it("limits forgot-password per IP, never per e-mail", async () => {
    for (let n = 1; n <= 20; n++) {
      const email = `x${n}@example.com`;
      expect((await api.call("POST", "/public/auth/forgot-password", { body: { email }, clientIp: "192.0.2.9" })).status).toBe(200);
    }
    const blocked = await api.call("POST", "/public/auth/forgot-password", { body: { email: "x21@example.com" }, clientIp: "192.0.2.9" });
    expect(blocked).toMatchObject({ status: 429, body: { message: MSG.accounts.tooManyAttempts } });
  });
});

describe("the owner's way back in (decisions 0033, 0053)", () => {
  const OWNER = "amira@example.com";
  const login = (password: string, clientIp: string) =>
    api.call("POST", "/public/auth/login", { body: { email: OWNER, password }, clientIp });
  const forgot = (clientIp: string) => api.call("POST", "/public/auth/forgot-password", { body: { email: OWNER }, clientIp });
  const reset = (otp: string, clientIp: string) =>
    api.call("POST", "/public/auth/reset-password", { body: { email: OWNER, otp, newPassword: "brand-new" }, clientIp });
  const resetCodesMailed = () => api.mailer.sent.filter((mail) => mail.template === "resetCode").length;

  it("a reset after 110 wrong passwords from 11 addresses lets the owner sign in at once from any address", async () => {
    await signUpVerified();
    for (let address = 1; address <= 11; address++) {
      for (let n = 1; n <= 10; n++) await login("wrong-guess", `203.0.113.${address}`);
    }
    expect((await login("secret-pass-1", "198.51.100.1")).status).toBe(429);

    expect((await forgot("198.51.100.1")).status).toBe(200);
    expect((await reset(api.mailer.lastCode(OWNER, "resetCode") as string, "198.51.100.1")).status).toBe(200);
    // The phone on another network, straight after.
    expect((await login("brand-new", "198.51.100.2")).status).toBe(200);
    // Guessing at the new password meets a fresh budget of the same size.
    await spendUntrustedLoginBudget(api, OWNER, "10.1");
    expect((await login("brand-new", "198.51.100.3")).status).toBe(429);
    // 110 password checks: several seconds on a busy 2-core machine, beyond the default timeout meant for hangs.
  }, 60_000);

  it("forgot-password requests from 7 addresses neither refuse the owner's request nor leave the owner without a code", async () => {
    await signUpVerified();
    for (let address = 1; address <= 7; address++) expect((await forgot(`203.0.113.${address}`)).status).toBe(200);
    // What is mailed is limited, not who may ask: the owner is answered like anyone else...
    const owner = await forgot("198.51.100.1");
    expect(owner).toEqual(await forgot("203.0.113.99"));
    expect(owner.body).toMatchObject({ success: true, message: MSG.accounts.resetCodeSentIfAccount });
    expect(resetCodesMailed()).toBe(CODE_MAIL_LIMIT.hits);
    // ...and the newest code in the mailbox still works.
    expect((await reset(api.mailer.lastCode(OWNER, "resetCode") as string, "198.51.100.1")).status).toBe(200);
  });

  it("past the mail budget, a new code is mailed once the last one has expired", async () => {
    await signUpVerified();
    for (let address = 1; address <= CODE_MAIL_LIMIT.hits; address++) await forgot(`203.0.113.${address}`);
    api.clock.advance(OTP_POLICY.ttlMs);
    expect((await forgot("198.51.100.1")).status).toBe(200);
    expect(resetCodesMailed()).toBe(CODE_MAIL_LIMIT.hits + 1);
    expect((await reset(api.mailer.lastCode(OWNER, "resetCode") as string, "198.51.100.1")).status).toBe(200);
  });
});
