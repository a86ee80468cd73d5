import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser, spendUntrustedLoginBudget } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";
import { inProcessTransport } from "../api-client/api-transport.server.ts";
import { routerContextWith } from "../testing/fake-transport.server.ts";
import { deviceCookieHeader } from "./device-cookie.server.ts";
import { authenticatorFor } from "./sign-in.server.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

function signIn(fields: Record<string, string>, cookie?: string) {
  const context = routerContextWith(inProcessTransport(api.app), "203.0.113.7");
  const request = new Request("http://shop.test/signin", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie === undefined ? {} : { cookie }) },
    body: new URLSearchParams(fields),
  });
  return authenticatorFor(context).authenticate("form", request);
}

describe("sign-in through remix-auth", () => {
  it("signs in with the bearer token the API's login gives", async () => {
    const { user, password } = await createSignedInUser(api);
    const attempt = await signIn({ email: user.email, password });
    expect(attempt.status).toBe("signedIn");
    if (attempt.status !== "signedIn") return;
    expect(attempt.signedIn.user.email).toBe(user.email);
    expect(attempt.signedIn.token).toMatch(/\S{20,}/);
  });

  it("refuses a form the login schema rejects without asking the API", async () => {
    const attempt = await signIn({ email: "not-an-email", password: "" });
    expect(attempt.status).toBe("invalid");
  });

  it("returns the API's refusal of wrong credentials for the form", async () => {
    const { user } = await createSignedInUser(api);
    const attempt = await signIn({ email: user.email, password: "wrong password here" });
    expect(attempt).toMatchObject({ status: "refused", failure: { status: 401 } });
    if (attempt.status !== "refused") return;
    expect(attempt.failure.formError ?? attempt.failure.serverMessage).not.toBe(MSG.helper.unknown);
  });

  it("returns needsVerification for an account whose e-mail is not verified", async () => {
    const { user, password } = await createSignedInUser(api, { verified: false });
    const attempt = await signIn({ email: user.email, password });
    expect(attempt).toMatchObject({ status: "refused", failure: { status: 401, body: { needsVerification: true } } });
  });

  it("sends the browser's device cookie with the login, so a known device is heard once strangers have spent the account's budget", async () => {
    const { user, password } = await createSignedInUser(api);
    const first = await signIn({ email: user.email, password });
    if (first.status !== "signedIn") throw new Error(`sign-in was ${first.status}`);
    const setCookie = await deviceCookieHeader(new Request("http://shop.test/signin"), first.signedIn.device);
    const cookie = `other=1; ${setCookie.split(";")[0]}`;
    await spendUntrustedLoginBudget(api, user.email);
    expect(await signIn({ email: user.email, password })).toMatchObject({ status: "refused", failure: { status: 429 } });
    expect(await signIn({ email: user.email, password }, "__device=not-a-token")).toMatchObject({
      status: "refused",
      failure: { status: 429 },
    });
    expect((await signIn({ email: user.email, password }, cookie)).status).toBe("signedIn");
  });
});
