import { beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, flashedToasts, postForm } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "code-screens-route-test-secret-0123456789");
let signin: typeof import("./signin.tsx");
let emailVerification: typeof import("./email-verification.tsx");
let otpVerification: typeof import("./otp-verification.tsx");
beforeAll(async () => {
  [signin, emailVerification, otpVerification] = await Promise.all([
    import("./signin.tsx"),
    import("./email-verification.tsx"),
    import("./otp-verification.tsx"),
  ]);
});

const EMAIL = "noor@example.com";
const answered = (status: number, message: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { success: status < 400, data: null, message, ...extra },
});
const serverDown = answered(500, "boom");

describe("a code screen's Resend Code", () => {
  it("on e-mail verification, a failed resend is titled as the OTP call's failure", async () => {
    const { result, sent } = await postForm(
      emailVerification.action,
      "http://shop.test/email-verification",
      { intent: "resend", email: EMAIL },
      serverDown,
    );
    expect(sent).toEqual([{ email: EMAIL }]);
    expect(await flashedToasts(result as Response)).toMatchObject([
      { type: "error", title: MSG.otp.resendFailed, message: MSG.helper.server },
    ]);
  });

  it("on password reset, a failed resend is titled as the reset code's failure", async () => {
    const { result } = await postForm(
      otpVerification.action,
      "http://shop.test/otp-verification",
      { intent: "resend", email: EMAIL },
      serverDown,
    );
    expect(await flashedToasts(result as Response)).toMatchObject([
      { type: "error", title: MSG.auth.resetCodeFailed, message: MSG.helper.server },
    ]);
  });

  it("a resend that worked has no failure title", async () => {
    const { result } = await postForm(
      emailVerification.action,
      "http://shop.test/email-verification",
      { intent: "resend", email: EMAIL },
      answered(200, MSG.otp.verificationResent),
    );
    const [toast] = await flashedToasts(result as Response);
    expect(toast).toMatchObject({ type: "success", message: MSG.otp.verificationResent });
    expect(toast).not.toHaveProperty("title");
  });
});

describe("e-mail verification", () => {
  const verified = answered(200, MSG.otp.emailVerifiedToast);

  it.each([
    ["without JavaScript", {}],
    ["with JavaScript", { enhanced: "1" }],
  ])("a verified code toasts the spec's OTP text (%s), the API's answer unchanged", async (_, extra) => {
    const { result } = await postForm(
      emailVerification.action,
      "http://shop.test/email-verification",
      { intent: "verify", email: EMAIL, otp: "123456", ...extra },
      verified,
    );
    const response = result instanceof Response ? result : (result as { init: ResponseInit }).init;
    const cookie = new Headers(response.headers).getSetCookie();
    expect(await flashedToasts(new Response(null, { headers: cookie.map((value) => ["Set-Cookie", value]) }))).toMatchObject([
      { type: "success", message: MSG.otp.verified },
    ]);
  });
});

describe("signing in before the e-mail is verified", () => {
  const unverified = answered(401, MSG.auth.verifyToContinue, {
    error: { code: "UNAUTHORIZED", message: MSG.auth.verifyToContinue },
    needsVerification: true,
    email: EMAIL,
  });
  const signInWith = (send: FakeAnswer) =>
    postForm(signin.action, "http://shop.test/signin", { email: EMAIL, password: "secret-password", redirectTo: "/" }, (path) =>
      path.endsWith("/otp/send") ? send : unverified,
    );

  it("sends a code, since the verification screen says one is on its way", async () => {
    const { result, sent } = await signInWith(answered(200, MSG.otp.sent));
    expect((result as Response).headers.get("location")).toBe("/email-verification");
    expect(sent).toEqual([{ email: EMAIL, password: "secret-password" }, { email: EMAIL }]);
    expect(await flashedToasts(result as Response)).toMatchObject([{ type: "info", message: MSG.auth.verifyToContinue }]);
  });

  it("says a failed send under the spec's title, and still goes on to the screen with its Resend button", async () => {
    const { result } = await signInWith(serverDown);
    expect((result as Response).headers.get("location")).toBe("/email-verification");
    expect(await flashedToasts(result as Response)).toMatchObject([
      { type: "info", message: MSG.auth.verifyToContinue },
      { type: "error", title: MSG.otp.sendFailed, message: MSG.helper.server },
    ]);
  });

  it("says nothing of a cooldown: a code was sent a moment ago and stands", async () => {
    const { result } = await signInWith(answered(429, MSG.accounts.codeCooldown));
    expect(await flashedToasts(result as Response)).toMatchObject([{ type: "info", message: MSG.auth.verifyToContinue }]);
  });
});
