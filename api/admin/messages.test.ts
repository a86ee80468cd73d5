import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeEach(async () => {
  api = await freshApi();
  operator = await createSignedInUser(api, { role: "operator" });
});
afterEach(() => api.close());

async function message(subject: string) {
  api.clock.advance(60_000);
  const { id } = await api.db.kysely
    .insertInto("contact_messages")
    .values({
      first_name: "Amira",
      last_name: "Khan",
      email: "amira@example.com",
      subject,
      message: "Could I exchange it?",
      created_at: api.clock.now().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
const auditRows = () => api.db.kysely.selectFrom("audit_log").selectAll().orderBy("id").execute();

describe("back office contact messages", () => {
  it("lists messages newest first and marks one handled once, by whom and when, audited", async () => {
    const first = await message("Exchange");
    const second = await message("Delivery");
    const listed = await api.call("GET", "/admin/messages", { token: operator.token });
    expect(listed.body.data.messages.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect(listed.body.data.messages[0]).toMatchObject({ subject: "Delivery", handled_at: null, handled_by: null, phone: null });

    const handled = await api.call("POST", `/admin/messages/${first}/handled`, { token: operator.token });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({
      message: MSG.adminCatalogue.messageHandled,
      data: { id: first, handled_at: api.clock.now().toISOString(), handled_by: operator.user.email },
    });
    const again = await api.call("POST", `/admin/messages/${first}/handled`, { token: operator.token });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.adminCatalogue.messageAlreadyHandled);
    const [audit, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: "message.handled", subject: `message ${first}`, actor_user_id: operator.user.id });
  });

  it("answers 404 for no such message, 400 for a forged id or page, 401 to guests and 403 to shoppers", async () => {
    const id = await message("Exchange");
    const shopper = await createSignedInUser(api);
    expect((await api.call("POST", "/admin/messages/999999/handled", { token: operator.token })).status).toBe(404);
    expect((await api.call("POST", "/admin/messages/1%20OR%201=1/handled", { token: operator.token })).status).toBe(400);
    expect((await api.call("GET", "/admin/messages?page=-2", { token: operator.token })).status).toBe(400);
    expect((await api.call("POST", `/admin/messages/${id}/handled`)).status).toBe(401);
    expect((await api.call("POST", `/admin/messages/${id}/handled`, { token: shopper.token })).status).toBe(403);
    expect(await auditRows()).toEqual([]);
  });
});
