import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSignedInUser } from "#api/testing/accounts.ts";
import { type FreshApi, freshApi } from "#api/testing/harness.ts";
import { MSG } from "#contract/messages.ts";

let api: FreshApi;
beforeEach(async () => {
  api = await freshApi();
});
afterEach(() => api.close());

const home = {
  label: "Home",
  line1: "12 Romford Road",
  line2: "Flat 3",
  city: "London",
  postal_code: "e7 9hz",
  phone: "07700 900123",
  is_default: false,
};
const work = { ...home, label: "Work", line1: "1 Canada Square", line2: undefined, postal_code: "E14 5AB", address_type: "Work" };

const create = (token: string, body: object) => api.call("POST", "/public/addresses", { token, body });
const list = async (token: string) =>
  (await api.call("GET", "/public/addresses", { token })).body.data as { id: number; label: string; is_default: boolean }[];
const defaults = async (token: string) => (await list(token)).filter((address) => address.is_default).map((address) => address.label);

describe("addresses", () => {
  it("creates an address in the contract's shape, normalised, and the first one becomes the default", async () => {
    const { token } = await createSignedInUser(api);
    const { status, body } = await create(token, home);
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true, message: MSG.accounts.addressCreated });
    expect(body.data).toEqual({
      id: expect.any(Number),
      label: "Home",
      line1: "12 Romford Road",
      line2: "Flat 3",
      city: "London",
      postal_code: "E7 9HZ",
      phone: "07700 900123",
      address_type: "Home",
      is_default: true,
    });
    const second = await create(token, work);
    expect(second.body.data).toMatchObject({ line2: null, address_type: "Work", is_default: false });
    const listed = await api.call("GET", "/public/addresses", { token });
    expect(listed.body).toMatchObject({ success: true, message: MSG.accounts.addressesFetched });
    expect(listed.body.data.map((address: { label: string }) => address.label)).toEqual(["Home", "Work"]);
  });

  it("keeps one default per user: a new default unsets the old, unticking the default keeps it", async () => {
    const { token } = await createSignedInUser(api);
    const first = (await create(token, home)).body.data;
    const second = (await create(token, { ...work, is_default: true })).body.data;
    expect(second.is_default).toBe(true);
    expect(await defaults(token)).toEqual(["Work"]);

    await api.call("PUT", `/public/addresses/${first.id}`, { token, body: { ...home, is_default: true } });
    expect(await defaults(token)).toEqual(["Home"]);

    const untick = await api.call("PUT", `/public/addresses/${first.id}`, { token, body: { ...home, label: "Home 2", is_default: false } });
    expect(untick.body.data).toMatchObject({ label: "Home 2", is_default: true });
    expect(await defaults(token)).toEqual(["Home 2"]);
  });

  it("passes the default on when the default address is deleted", async () => {
    const { token } = await createSignedInUser(api);
    const first = (await create(token, home)).body.data;
    await create(token, work);
    await create(token, { ...work, label: "Other" });
    const deleted = await api.call("DELETE", `/public/addresses/${first.id}`, { token });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: MSG.accounts.addressDeleted } });
    expect(await defaults(token)).toEqual(["Work"]);
    expect(await list(token)).toHaveLength(2);
  });

  it("keeps each user's defaults apart", async () => {
    const a = await createSignedInUser(api);
    const b = await createSignedInUser(api);
    await create(a.token, home);
    await create(b.token, home);
    expect(await defaults(a.token)).toEqual(["Home"]);
    expect(await defaults(b.token)).toEqual(["Home"]);
  });

  it("lets user B neither read, change nor delete user A's addresses (404)", async () => {
    const a = await createSignedInUser(api);
    const b = await createSignedInUser(api);
    const address = (await create(a.token, home)).body.data;

    expect(await list(b.token)).toEqual([]);
    const change = await api.call("PUT", `/public/addresses/${address.id}`, { token: b.token, body: { ...home, label: "Stolen" } });
    expect(change).toMatchObject({
      status: 404,
      body: { success: false, message: MSG.accounts.addressNotFound, error: { code: "NOT_FOUND" } },
    });
    const remove = await api.call("DELETE", `/public/addresses/${address.id}`, { token: b.token });
    expect(remove.status).toBe(404);
    expect(await list(a.token)).toMatchObject([{ id: address.id, label: "Home" }]);

    // The same answer as an id that does not exist at all.
    const missing = await api.call("DELETE", "/public/addresses/999999", { token: b.token });
    expect(missing).toEqual(remove);
  });

  it("requires a signed-in, verified user", async () => {
    for (const [method, path] of [
      ["GET", "/public/addresses"],
      ["POST", "/public/addresses"],
      ["PUT", "/public/addresses/1"],
      ["DELETE", "/public/addresses/1"],
    ]) {
      expect((await api.call(method, path, method === "GET" ? {} : { body: home })).status).toBe(401);
    }
    const unverified = await createSignedInUser(api, { verified: false });
    const { status, body } = await api.call("GET", "/public/addresses", { token: unverified.token });
    expect(status).toBe(401);
    expect(body).toMatchObject({ needsVerification: true, email: unverified.user.email, message: MSG.auth.verifyToContinue });
  });

  it("answers 400 VALIDATION_ERROR with a detail per bad field", async () => {
    const { token } = await createSignedInUser(api);
    const { status, body } = await create(token, {
      label: "",
      line1: " ",
      city: "",
      postal_code: "12345",
      phone: "12",
      address_type: "Castle",
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: "label", message: MSG.accounts.labelRequired },
        { path: "line1", message: MSG.accounts.line1Required },
        { path: "city", message: MSG.accounts.cityRequired },
        { path: "postal_code", message: MSG.accounts.postcodeInvalid },
        { path: "phone", message: MSG.accounts.phoneInvalid },
        expect.objectContaining({ path: "address_type" }),
      ]),
    );
    const missing = await create(token, {});
    expect(missing.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "postal_code", message: MSG.accounts.postcodeRequired },
        { path: "phone", message: MSG.accounts.phoneRequired },
      ]),
    );
    expect((await api.call("PUT", "/public/addresses/abc", { token, body: home })).body.error.details[0].path).toBe("id");
  });

  it("accepts the usual UK postcode and phone forms", async () => {
    const { token } = await createSignedInUser(api);
    for (const [postal_code, phone, stored] of [
      ["SW1A 1AA", "+44 20 7946 0321", "SW1A 1AA"],
      ["m11ae", "(0161) 496-0000", "M1 1AE"],
      ["  EC1A1BB ", "0044 7700 900123", "EC1A 1BB"],
    ]) {
      const { status, body } = await create(token, { ...home, postal_code, phone });
      expect(status).toBe(201);
      expect(body.data.postal_code).toBe(stored);
    }
  });
});
