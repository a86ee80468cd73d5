import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { apiFor } from "../api-client/api.server.ts";
import { inProcessTransport } from "../api-client/api-transport.server.ts";
import { fakeTransport, routerContextWith } from "../testing/fake-transport.server.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "auth-server-test-secret-0123456789abcdef");
let auth: typeof import("./auth.server.ts");
let sessions: typeof import("./session.server.ts");
beforeAll(async () => {
  auth = await import("./auth.server.ts");
  sessions = await import("./session.server.ts");
});

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const SHOP = "http://shop.test";

function contextFor(shop: FreshApi) {
  return routerContextWith(inProcessTransport(shop.app), "203.0.113.9");
}

/** A request to `path` carrying a session with these values. */
async function requestWith(
  path: string,
  values: { token?: string; user?: import("#contract/dto/account.ts").UserDto; pendingEmail?: string },
  headers: Record<string, string> = {},
) {
  const session = await sessions.getSession(new Request(SHOP));
  if (values.token) session.set("token", values.token);
  if (values.user) session.set("user", values.user);
  if (values.pendingEmail) session.set("pendingEmail", values.pendingEmail);
  const cookie = (await sessions.commitSession(new Request(SHOP), session)).split(";")[0] ?? "";
  return new Request(`${SHOP}${path}`, { headers: { cookie, ...headers } });
}

/** The redirect a guard threw. */
async function thrownRedirect(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

describe("requireUser", () => {
  it("sends a signed-out visitor to /signin, remembering the page and its query", async () => {
    const response = await thrownRedirect(auth.requireUser(new Request(`${SHOP}/profile?tab=account`), contextFor(api)));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/signin?redirectTo=${encodeURIComponent("/profile?tab=account")}`);
  });

  it("answers the account the API knows for a live token", async () => {
    const { token, user } = await createSignedInUser(api, { name: "Amina" });
    const signedIn = await auth.requireUser(await requestWith("/profile", { token, user: { ...user, name: "Old name" } }), contextFor(api));
    expect(signedIn).toEqual({ token, user: { ...user, name: "Amina" } });
  });

  it("forgets a token the API rejects and sends the shopper to sign in", async () => {
    const { token, user } = await createSignedInUser(api);
    await api.call("POST", "/public/auth/logout", { token });
    const response = await thrownRedirect(auth.requireUser(await requestWith("/wishlist", { token, user }), contextFor(api)));
    expect(response.headers.get("location")).toBe("/signin?redirectTo=%2Fwishlist");
    const cleared = await sessions.getSession(new Request(SHOP, { headers: { cookie: response.headers.get("set-cookie") ?? "" } }));
    expect(cleared.get("token")).toBeUndefined();
    expect(cleared.get("user")).toBeUndefined();
  });
});

describe("requireVerifiedUser", () => {
  it("lets a verified shopper through", async () => {
    const { token, user } = await createSignedInUser(api);
    const signedIn = await auth.requireVerifiedUser(await requestWith("/checkout", { token, user }), contextFor(api));
    expect(signedIn.user.email_verified).toBe(true);
  });

  it("lets through a shopper verified on another device since the session stored them, and stores the news", async () => {
    const { token, user } = await createSignedInUser(api);
    const request = await requestWith("/wishlist", { token, user: { ...user, email_verified: false } });
    const signedIn = await auth.requireVerifiedUser(request, contextFor(api));
    expect(signedIn.user.email_verified).toBe(true);
  });

  it("sends a shopper with an unverified e-mail to e-mail verification with that e-mail (decision 0004)", async () => {
    const { token, user } = await createSignedInUser(api, { email: "new+shop@example.com", verified: false });
    const response = await thrownRedirect(auth.requireVerifiedUser(await requestWith("/profile", { token, user }), contextFor(api)));
    expect(response.headers.get("location")).toBe("/email-verification?email=new%2Bshop%40example.com");
  });
});

describe("optionalUser and pendingEmail", () => {
  it("reads the stored shopper without calling the API", async () => {
    const user = { id: 1, name: "A", email: "a@example.com", email_verified: true };
    expect(await auth.optionalUser(await requestWith("/", { token: "t", user }))).toEqual({ token: "t", user });
    expect(await auth.optionalUser(new Request(SHOP))).toBeNull();
  });

  it("takes the e-mail from the URL, else the session's pending e-mail, else the signed-in shopper's", async () => {
    const user = { id: 1, name: "A", email: "user@example.com", email_verified: false };
    expect(await auth.pendingEmail(await requestWith("/x?email=url%40example.com", { pendingEmail: "p@example.com" }))).toBe(
      "url@example.com",
    );
    expect(await auth.pendingEmail(await requestWith("/x", { pendingEmail: "p@example.com", user }))).toBe("p@example.com");
    expect(await auth.pendingEmail(await requestWith("/x", { user, token: "t" }))).toBe("user@example.com");
    expect(await auth.pendingEmail(new Request(`${SHOP}/x`))).toBeNull();
  });
});

describe("returnPath", () => {
  const referred = (referer: string) => new Request(`${SHOP}/signin`, { headers: { referer } });

  it("keeps a same-site redirectTo and refuses any other", () => {
    expect(auth.returnPath(new Request(`${SHOP}/signin?redirectTo=%2Fprofile%3Ftab%3Daccount`))).toBe("/profile?tab=account");
    expect(auth.returnPath(new Request(`${SHOP}/signin?redirectTo=https%3A%2F%2Fevil.example%2F`))).toBe("/");
    expect(auth.returnPath(new Request(`${SHOP}/signin?redirectTo=%2F%2Fevil.example`))).toBe("/");
  });

  it("reads the URL only: without redirectTo it is home, whichever page the Referer names", () => {
    expect(auth.returnPath(referred(`${SHOP}/products?page=2`))).toBe("/");
    expect(auth.returnPath(new Request(`${SHOP}/signin`))).toBe("/");
  });
});

describe("pagePath and signInUrl", () => {
  it("gives the page's own path for document and data requests alike", () => {
    expect(auth.pagePath(new Request(`${SHOP}/profile?tab=account`))).toBe("/profile?tab=account");
    expect(auth.pagePath(new Request(`${SHOP}/profile.data?tab=account&_routes=routes%2Fprofile`))).toBe("/profile?tab=account");
    expect(auth.pagePath(new Request(`${SHOP}/email-verification.data?email=a%40b.co`))).toBe("/email-verification?email=a%40b.co");
    expect(auth.pagePath(new Request(`${SHOP}/_root.data`))).toBe("/");
  });

  it("remembers the page, not its data URL, and leaves the home page out", () => {
    expect(auth.signInUrl(new Request(`${SHOP}/wishlist.data?_routes=root`))).toBe("/signin?redirectTo=%2Fwishlist");
    expect(auth.signInUrl(new Request(`${SHOP}/`))).toBe("/signin");
  });
});

describe("redirectSignedInShopper", () => {
  const user = { id: 1, name: "A", email: "user@example.com", email_verified: true };

  it("sends a verified, signed-in shopper to the page asked for, else the profile", async () => {
    const asked = await thrownRedirect(
      auth.redirectSignedInShopper(await requestWith("/signin?redirectTo=%2Fwishlist", { token: "t", user })),
    );
    expect(asked.headers.get("location")).toBe("/wishlist");
    const fallback = await thrownRedirect(auth.redirectSignedInShopper(await requestWith("/signup", { token: "t", user })));
    expect(fallback.headers.get("location")).toBe("/profile");
    const hostile = await thrownRedirect(
      auth.redirectSignedInShopper(await requestWith("/signin?redirectTo=https%3A%2F%2Fevil.example", { token: "t", user })),
    );
    expect(hostile.headers.get("location")).toBe("/");
  });

  it("lets visitors and unverified shoppers see the page", async () => {
    await expect(auth.redirectSignedInShopper(new Request(`${SHOP}/signin`))).resolves.toBeUndefined();
    const unverified = await requestWith("/signin", { token: "t", user: { ...user, email_verified: false } });
    await expect(auth.redirectSignedInShopper(unverified)).resolves.toBeUndefined();
  });
});

describe("loadShopperChrome", () => {
  /** The password reset a shopper makes on another device: every token of theirs is revoked. */
  async function resetPasswordElsewhere(email: string) {
    await api.call("POST", "/public/auth/forgot-password", { body: { email } });
    const otp = api.mailer.lastCode(email, "resetCode");
    const reset = await api.call("POST", "/public/auth/reset-password", { body: { email, otp, newPassword: "brand-new-pass" } });
    expect(reset.status).toBe(200);
  }

  const chromeOf = async (request: Request) => {
    const session = await sessions.getSession(request);
    return { session, chrome: await auth.loadShopperChrome(apiFor(contextFor(api)), session) };
  };

  it("keeps a shopper whose token the API still takes", async () => {
    const { token, user } = await createSignedInUser(api);
    const { chrome } = await chromeOf(await requestWith("/", { token, user }));
    expect(chrome).toEqual({ signedIn: { token, user }, recentlyViewed: [], wishlistIds: [], sessionChanged: false });
  });

  it.each([true, false])("signs the session out once a password reset elsewhere revoked its token (verified: %s)", async (verified) => {
    const { token, user } = await createSignedInUser(api, { verified });
    await resetPasswordElsewhere(user.email);
    const { session, chrome } = await chromeOf(await requestWith("/", { token, user, pendingEmail: "kept@example.com" }));
    expect(chrome).toEqual({ signedIn: null, recentlyViewed: [], wishlistIds: [], sessionChanged: true });
    expect(session.get("token")).toBeUndefined();
    expect(session.get("user")).toBeUndefined();
    expect(session.get("pendingEmail")).toBe("kept@example.com");
  });

  it("takes the account of a shopper verified on another device, writes it back and loads their chrome", async () => {
    const { token, user } = await createSignedInUser(api);
    const { session, chrome } = await chromeOf(await requestWith("/", { token, user: { ...user, email_verified: false } }));
    expect(chrome).toEqual({ signedIn: { token, user }, recentlyViewed: [], wishlistIds: [], sessionChanged: true });
    expect(session.get("user")).toEqual(user);
  });

  it("keeps the stored shopper when the API cannot answer", async () => {
    const { token, user } = await createSignedInUser(api);
    const down = apiFor(routerContextWith(fakeTransport(() => Promise.reject(new TypeError("fetch failed")))));
    const chrome = await auth.loadShopperChrome(down, await sessions.getSession(await requestWith("/", { token, user })));
    expect(chrome).toMatchObject({ signedIn: { token, user }, sessionChanged: false });
  });
});

describe("writeBackAccount", () => {
  /** Runs a request through the middleware, with a page that asks `requireUser` and answers `respond()`. */
  async function throughMiddleware(request: Request, respond: () => Promise<Response> = async () => new Response("page")) {
    const context = contextFor(api);
    const next = async () => {
      await auth.requireUser(request, context);
      return respond();
    };
    return auth.writeBackAccount({ request, context, params: {}, pattern: "/" } as never, next) as Promise<Response>;
  }

  const sessionOf = (response: Response) => {
    const cookie =
      response.headers
        .getSetCookie()
        .find((value) => value.startsWith("__session="))
        ?.split(";")[0] ?? "";
    return sessions.getSession(new Request(SHOP, { headers: { cookie } }));
  };

  it("puts the account the guard fetched in this response's session (changed on another device)", async () => {
    const { token, user } = await createSignedInUser(api, { name: "Amina" });
    const response = await throughMiddleware(await requestWith("/profile", { token, user: { ...user, name: "Old name" } }));
    expect((await sessionOf(response)).get("user")).toEqual(user);
    expect(await response.text()).toBe("page");
  });

  it("builds on the session the response sets itself, and keeps its other cookies", async () => {
    const { token, user } = await createSignedInUser(api, { name: "Amina" });
    const request = await requestWith("/wishlist", { token, user: { ...user, email_verified: false } });
    const response = await throughMiddleware(request, async () => {
      const session = await sessions.getSession(request);
      sessions.flashToast(session, "success", "Saved");
      const headers = new Headers({ "Set-Cookie": await sessions.commitSession(request, session) });
      headers.append("Set-Cookie", "currency=EUR; Path=/");
      return new Response("page", { headers });
    });
    const session = await sessionOf(response);
    expect(session.get("user")).toEqual(user);
    expect(sessions.takeToasts(session)).toMatchObject([{ message: "Saved" }]);
    expect(response.headers.getSetCookie()).toContain("currency=EUR; Path=/");
  });

  it("leaves a response that signed the shopper out as it is", async () => {
    const { token, user } = await createSignedInUser(api, { name: "Amina" });
    const request = await requestWith("/logout", { token, user: { ...user, name: "Old name" } });
    const response = await throughMiddleware(request, async () => {
      const session = await sessions.getSession(request);
      auth.signOutSession(session);
      return new Response(null, { headers: { "Set-Cookie": await sessions.commitSession(request, session) } });
    });
    const session = await sessionOf(response);
    expect(session.get("token")).toBeUndefined();
    expect(session.get("user")).toBeUndefined();
  });

  it("sets no cookie when the stored account is current", async () => {
    const { token, user } = await createSignedInUser(api);
    const response = await throughMiddleware(await requestWith("/profile", { token, user }));
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
