import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
let token: string;
beforeEach(async () => {
  api = await freshApi();
  token = (await createSignedInUser(api, { role: "operator" })).token;
});
afterEach(() => api.close());

const auditRows = () => api.db.kysely.selectFrom("audit_log").selectAll().orderBy("id").execute();
const create = (body: unknown, as = token) => api.call("POST", "/admin/promos", { token: as, body });

describe("back office promos", () => {
  it("creates a code by promo:create's rules, lists it with its uses and audits it", async () => {
    const created = await create({ code: " spring10 ", type: "percentage", value: 10, minBasket: 50, usageLimit: 100 });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(MSG.adminCatalogue.promoCreated("SPRING10"));
    expect(created.body.data).toMatchObject({ code: "SPRING10", type: "percentage", value: 10, min_basket: 50, active: true });
    await create({ code: "FIVER", type: "fixed", value: 5 });
    await api.db.kysely.updateTable("promo_codes").set({ times_used: 3 }).where("code", "=", "FIVER").execute();

    const listed = await api.call("GET", "/admin/promos", { token });
    expect(
      listed.body.data.promos.map((promo: { code: string; value: number; times_used: number }) => [
        promo.code,
        promo.value,
        promo.times_used,
      ]),
    ).toEqual([
      ["FIVER", 5, 3],
      ["SPRING10", 10, 0],
    ]);
    const [audit] = await auditRows();
    expect(audit).toMatchObject({ action: "promo.create", subject: "promo SPRING10", before_json: null });
    expect(JSON.parse(audit?.after_json ?? "")).toMatchObject({ code: "SPRING10", usage_limit: 100 });
  });

  it("answers 409 for a code that exists and 400 naming the fields for broken rules", async () => {
    await create({ code: "TAKEN", type: "fixed", value: 5 });
    const again = await create({ code: "taken", type: "fixed", value: 6 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.adminCatalogue.promoExists("TAKEN"));
    const broken = await create({ code: "BAD CODE", type: "percentage", value: 150, ends: "not a date" });
    expect(broken.status).toBe(400);
    expect((broken.body.error.details as { path: string }[]).map((detail) => detail.path).sort()).toEqual(["code", "ends", "value"]);
    expect((await create({ code: "X".repeat(10_000), type: "fixed", value: 1 })).status).toBe(400);
    expect(await auditRows()).toHaveLength(1);
  });

  it("disables a code once (the promo then refuses), audits it, and answers 404 for none", async () => {
    await create({ code: "GONE", type: "fixed", value: 5 });
    const disabled = await api.call("POST", "/admin/promos/gone/disable", { token });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ data: { code: "GONE", active: false }, message: MSG.adminCatalogue.promoDisabled("GONE") });
    expect((await api.call("POST", "/admin/promos/GONE/disable", { token })).status).toBe(200);
    const audits = await auditRows();
    expect(audits.map((row) => row.action)).toEqual(["promo.create", "promo.disable"]);
    expect(JSON.parse(audits[1]?.before_json ?? "")).toEqual({ active: true });
    expect(JSON.parse(audits[1]?.after_json ?? "")).toEqual({ active: false });
    expect((await api.call("POST", "/admin/promos/NOPE/disable", { token })).status).toBe(404);
  });

  it("answers 401 to guests and 403 to shoppers", async () => {
    const shopper = await createSignedInUser(api);
    expect((await api.call("GET", "/admin/promos")).status).toBe(401);
    expect((await create({ code: "SNEAKY", type: "fixed", value: 5 }, shopper.token)).status).toBe(403);
    expect((await api.call("POST", "/admin/promos/SNEAKY/disable", { token: shopper.token })).status).toBe(403);
  });
});
