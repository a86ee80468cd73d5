import { beforeAll, describe, expect, it, vi } from "vitest";
import { ZOD_WORDS } from "#api/testing/zod-words.ts";
import { fakeTransport, routerContextWith } from "#app/testing/fake-transport.server.ts";
import { flashedToasts } from "#app/testing/form-post.server.ts";
import { MSG } from "#contract/messages.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "profile-route-test-secret-0123456789abcdef");
let profile: typeof import("./profile.tsx");
let session: typeof import("#app/session/session.server.ts");
beforeAll(async () => {
  profile = await import("./profile.tsx");
  session = await import("#app/session/session.server.ts");
});

const user = { id: 1, name: "Amina", email: "amina@example.com", email_verified: true };
const envelope = (status: number, body: Record<string, unknown>) => Response.json({ data: null, ...body }, { status });

/** A fake commerce API that signs the shopper in and answers review writes with `answer`; records every call. */
function fakeApi(answer: Response | (() => Response)) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  const context = routerContextWith(
    fakeTransport((path, init) => {
      if (path.startsWith("/public/auth/me")) return Response.json({ success: true, data: { user }, message: "OK" });
      calls.push({ path, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
      return typeof answer === "function" ? answer() : answer;
    }),
  );
  return { context, calls };
}

async function signedInCookie() {
  const request = new Request("http://shop.test/");
  const signedIn = await session.getSession(request);
  signedIn.set("token", "token-1");
  signedIn.set("user", user);
  return (await session.commitSession(request, signedIn)).split(";")[0] ?? "";
}

const PAGE = "http://shop.test/profile?tab=orders&page=2&order=4";

async function post(fields: Record<string, string>, api: ReturnType<typeof fakeApi>) {
  const request = new Request(PAGE, {
    method: "POST",
    body: new URLSearchParams({ intent: "review", ...fields }),
    headers: { cookie: await signedInCookie(), "content-type": "application/x-www-form-urlencoded" },
  });
  return profile.action({ request, params: {}, context: api.context } as never);
}

/** The body and status of an action's `data(...)` answer. */
const replyOf = (result: unknown) =>
  result as { data: { review: { key: string; result: { error?: Record<string, string[]> } } }; init: ResponseInit };

describe("/profile review intent", () => {
  it("writes a new review and goes back to the open order on its page with the API's message", async () => {
    const api = fakeApi(envelope(201, { success: true, message: MSG.reviews.created }));
    const response = (await post({ orderId: "4", productId: "9", rating: "4", comment: "  Lovely  " }, api)) as Response;
    expect(api.calls).toEqual([
      { path: "/public/reviews", method: "POST", body: { product_id: 9, order_id: 4, rating: 4, comment: "Lovely" } },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/profile?tab=orders&page=2&order=4");
    expect(await flashedToasts(response)).toMatchObject([{ type: "success", message: MSG.reviews.created }]);
  });

  it("edits the review it names with PUT", async () => {
    const api = fakeApi(envelope(200, { success: true, message: MSG.reviews.updated }));
    const response = (await post({ orderId: "4", productId: "9", reviewId: "12", rating: "2", comment: "" }, api)) as Response;
    expect(api.calls).toEqual([{ path: "/public/reviews/12", method: "PUT", body: { rating: 2, comment: null } }]);
    expect(await flashedToasts(response)).toMatchObject([{ message: MSG.reviews.updated }]);
  });

  it("answers a form without a rating in place, tagged with its item, and calls nothing", async () => {
    const api = fakeApi(() => {
      throw new Error("not called");
    });
    const reply = replyOf(await post({ orderId: "4", productId: "9", comment: "Nice" }, api));
    expect(reply.init.status).toBe(400);
    expect(reply.data.review.key).toBe("4-9");
    expect(reply.data.review.result.error).toMatchObject({ rating: [MSG.reviews.ratingRequired] });
    expect(api.calls).toEqual([]);
  });

  it("puts the API's refusal on the form, and a server failure as the helper's text", async () => {
    const duplicate = fakeApi(
      envelope(409, { success: false, message: MSG.reviews.duplicate, error: { code: "CONFLICT", message: MSG.reviews.duplicate } }),
    );
    const refused = replyOf(await post({ orderId: "4", productId: "9", rating: "5" }, duplicate));
    expect(refused.init.status).toBe(400);
    expect(refused.data.review.result.error).toMatchObject({ "": [MSG.reviews.duplicate] });

    const down = fakeApi(envelope(500, { success: false, message: "" }));
    const failed = replyOf(await post({ orderId: "4", productId: "9", reviewId: "12", rating: "5" }, down));
    expect(failed.data.review.result.error).toMatchObject({ "": [MSG.helper.server] });
  });
});

describe("/profile forms given forged or mistyped values", () => {
  const untouched = () =>
    fakeApi(() => {
      throw new Error("not called");
    });

  it("words a review form's forged hidden fields from the catalogue", async () => {
    const reply = replyOf(await post({ orderId: "abc", productId: "NaN", reviewId: "1.5", rating: "4" }, untouched()));
    expect(reply.init.status).toBe(400);
    expect(reply.data.review.result.error).toEqual({
      orderId: [MSG.validation.number],
      productId: [MSG.validation.number],
      reviewId: [MSG.validation.wholeNumber],
    });
  });

  it("words an address form's forged choices from the catalogue", async () => {
    const request = new Request("http://shop.test/profile?tab=account", {
      method: "POST",
      body: new URLSearchParams({
        intent: "create",
        label: "Home",
        line1: "1 Silk Street",
        city: "London",
        postal_code: "EC2Y 8DS",
        phone: "020 7946 0000",
        address_type: "Castle",
        is_default: "maybe",
      }),
      headers: { cookie: await signedInCookie(), "content-type": "application/x-www-form-urlencoded" },
    });
    const reply = (await profile.action({ request, params: {}, context: untouched().context } as never)) as unknown as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(reply.data.result.error).toEqual({ address_type: [MSG.validation.invalid], is_default: [MSG.validation.invalid] });
    for (const messages of Object.values(reply.data.result.error)) for (const message of messages) expect(message).not.toMatch(ZOD_WORDS);
  });
});

describe("/profile data rights", () => {
  it("deletes the account with the password: signs this browser out and goes home with the confirmation", async () => {
    const api = fakeApi(envelope(200, { success: true, message: MSG.privacy.deleted, data: { orders_kept: 1, reviews_removed: 0 } }));
    const response = (await post({ intent: "delete-account", password: "correct horse battery" }, api)) as Response;
    expect(api.calls).toEqual([{ path: "/public/account/delete", method: "POST", body: { password: "correct horse battery" } }]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await flashedToasts(response)).toMatchObject([{ type: "success", message: MSG.privacy.deleted }]);
    const after = await session.getSession(
      new Request("http://shop.test/", { headers: { cookie: response.headers.get("set-cookie") ?? "" } }),
    );
    expect(after.get("token")).toBeUndefined();
  });

  it("puts a wrong password on the password field, never echoing it, and calls nothing for a blank one", async () => {
    const wrong = {
      code: "VALIDATION_ERROR",
      message: MSG.privacy.wrongPassword,
      details: [{ path: "password", message: MSG.privacy.wrongPassword }],
    };
    const api = fakeApi(envelope(400, { success: false, message: MSG.privacy.wrongPassword, error: wrong }));
    const refused = (await post({ intent: "delete-account", password: "guess" }, api)) as unknown as {
      data: { deleteResult: { error: Record<string, string[]>; initialValue?: Record<string, unknown> } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.deleteResult.error).toMatchObject({ password: [MSG.privacy.wrongPassword] });
    expect(JSON.stringify(refused.data)).not.toContain("guess");

    const untouched = fakeApi(() => {
      throw new Error("not called");
    });
    const blank = (await post({ intent: "delete-account", password: "" }, untouched)) as unknown as {
      data: { deleteResult: { error: Record<string, string[]> } };
    };
    expect(blank.data.deleteResult.error).toMatchObject({ password: [MSG.privacy.passwordRequired] });
    expect(untouched.calls).toEqual([]);
  });

  it("downloads the shopper's data as one JSON file (the resource route the profile's form posts to)", async () => {
    const document = { exported_at: "2026-11-28T10:00:00.000Z", account: { email: user.email } };
    const api = fakeApi(envelope(200, { success: true, message: MSG.privacy.exported, data: document }));
    const { action } = await import("./profile.my-data[.]json.tsx");
    const request = new Request("http://shop.test/profile/my-data.json", { method: "POST", headers: { cookie: await signedInCookie() } });
    const response = (await action({ request, params: {}, context: api.context } as never)) as Response;
    expect(api.calls).toEqual([{ path: "/public/account/data", method: "GET", body: null }]);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.json"$/);
    expect(await response.json()).toEqual(document);
  });

  it("removes a review and clears recently viewed, back to the page with the API's message", async () => {
    const removal = fakeApi(envelope(200, { success: true, message: MSG.reviews.removed }));
    const removed = (await post({ intent: "remove-review", reviewId: "12" }, removal)) as Response;
    expect(removal.calls).toEqual([{ path: "/public/reviews/12", method: "DELETE", body: null }]);
    expect(removed.headers.get("location")).toBe("/profile?tab=orders&page=2&order=4");
    expect(await flashedToasts(removed)).toMatchObject([{ type: "success", message: MSG.reviews.removed }]);

    const clearing = fakeApi(envelope(200, { success: true, message: MSG.recentlyViewed.cleared }));
    const cleared = (await post({ intent: "clear-recently-viewed" }, clearing)) as Response;
    expect(clearing.calls).toEqual([{ path: "/public/recently-viewed", method: "DELETE", body: null }]);
    expect(await flashedToasts(cleared)).toMatchObject([{ type: "success", message: MSG.recentlyViewed.cleared }]);
  });
});
