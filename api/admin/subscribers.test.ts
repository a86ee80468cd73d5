import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";

let api: FreshApi;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeEach(async () => {
  api = await freshApi();
  operator = await createSignedInUser(api, { role: "operator" });
});
afterEach(() => api.close());

describe("back office subscribers", () => {
  it("lists only the people subscribed now, oldest consent first, for operators only", async () => {
    await api.db.kysely
      .insertInto("subscriptions")
      .values([
        { email: "later@example.com", created_at: "2026-11-20T10:00:00.000Z" },
        { email: "left@example.com", created_at: "2026-10-01T10:00:00.000Z", unsubscribed_at: "2026-10-02T10:00:00.000Z" },
        { email: "first@example.com", created_at: "2026-11-01T10:00:00.000Z" },
      ])
      .execute();
    const listed = await api.call("GET", "/admin/subscribers", { token: operator.token });
    expect(listed.body.data.subscribers.map((row: { email: string }) => row.email)).toEqual(["first@example.com", "later@example.com"]);
    const shopper = await createSignedInUser(api);
    expect((await api.call("GET", "/admin/subscribers")).status).toBe(401);
    expect((await api.call("GET", "/admin/subscribers", { token: shopper.token })).status).toBe(403);
  });
});
