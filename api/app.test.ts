import getPort from "get-port";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#contract/messages.ts";
import { API_BODY_LIMIT_BYTES, createApi } from "./app.ts";
import { NO_CATALOGUE_CACHING } from "./catalogue/read-cache.ts";
import { requireAuth } from "./core/auth-middleware.ts";
import { systemClock } from "./core/clock.ts";
import { hashToken, newOpaqueToken } from "./core/tokens.ts";
import { connect } from "./db/connect.ts";
import { memoryMailer } from "./mail/mailer.ts";
import { mailOutbox } from "./mail/outbox.ts";
import { testGateway } from "./payments/gateway.ts";
import { type FreshApi, freshApi, TEST_RATES_SOURCE, TEST_SHOP_ORDERS_EMAIL, TEST_SHOP_URL } from "./testing/harness.ts";

let shop: FreshApi;

beforeEach(async () => {
  shop = await freshApi();
});
afterEach(() => shop.close());

async function insertCategories(...rows: { name: string; status?: "Active" | "Inactive"; sort_order: number }[]) {
  await shop.db.kysely
    .insertInto("categories")
    .values(
      rows.map((row) => ({
        name: row.name,
        slug: row.name.toLowerCase(),
        collection: "Women",
        description: `${row.name} description`,
        image_url: `/images/${row.name.toLowerCase()}.webp`,
        status: row.status ?? "Active",
        sort_order: row.sort_order,
      })),
    )
    .execute();
}

describe("GET /public/categories", () => {
  it("answers the success envelope with an empty list on an empty database", async () => {
    const { status, body } = await shop.call("GET", "/public/categories");
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: [], message: "Categories fetched successfully" });
  });

  it("lists categories in display order and filters by status", async () => {
    await insertCategories(
      { name: "Dresses", sort_order: 2 },
      { name: "Abayas", sort_order: 1 },
      { name: "Archive", sort_order: 0, status: "Inactive" },
    );

    const all = await shop.call("GET", "/public/categories");
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual(["Archive", "Abayas", "Dresses"]);
    expect(all.body.data[1]).toMatchObject({
      name: "Abayas",
      category_name: "Abayas",
      slug: "abayas",
      image_url: "/images/abayas.webp",
      status: "Active",
    });

    const active = await shop.call("GET", "/public/categories?status=Active");
    expect(active.body.data.map((c: { name: string }) => c.name)).toEqual(["Abayas", "Dresses"]);
  });

  it("rejects an unknown status with a 400 VALIDATION_ERROR naming the field", async () => {
    const { status, body } = await shop.call("GET", "/public/categories?status=Bogus");
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.details).toEqual([{ path: "status", message: expect.any(String) }]);
    expect(body.message).toBe(body.error.message);
  });
});

describe("POST /public/lookups/values", () => {
  beforeEach(async () => {
    await shop.db.kysely
      .insertInto("lookup_values")
      .values([
        { header_id: 1, value: "L", label: "Large", position: 2, status: "Active" },
        { header_id: 1, value: "S", label: "Small", position: 1, status: "Active" },
        { header_id: 1, value: "XXL", label: "Retired", position: 3, status: "Inactive" },
        { header_id: 2, value: "black", label: "Black", position: 1, status: "Active" },
      ])
      .execute();
  });

  it("groups active values by header in position order, with an empty list for an unknown header", async () => {
    const { status, body } = await shop.call("POST", "/public/lookups/values", { body: { header_ids: [2, 1, 9, 1] } });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const labels = Object.fromEntries(
      Object.entries(body.data as Record<string, { label: string }[]>).map(([id, values]) => [id, values.map((v) => v.label)]),
    );
    expect(labels).toEqual({ 1: ["Small", "Large"], 2: ["Black"], 9: [] });
  });

  it("rejects a bad body with 400 and details", async () => {
    const { status, body } = await shop.call("POST", "/public/lookups/values", { body: { header_ids: [] } });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.details).toEqual([{ path: "header_ids", message: expect.any(String) }]);
  });

  it("answers malformed JSON with a 400 envelope, not a 500", async () => {
    const response = await shop.app.request("/api/public/lookups/values", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"header_ids": [1,',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, data: null, error: { code: "BAD_REQUEST" } });
  });

  it("answers a body over the limit with a 413 envelope", async () => {
    const padding = "x".repeat(API_BODY_LIMIT_BYTES + 1);
    const { status, body } = await shop.call("POST", "/public/lookups/values", { body: { header_ids: [1], padding } });
    expect(status).toBe(413);
    expect(body).toMatchObject({ success: false, data: null, message: MSG.api.payloadTooLarge, error: { code: "PAYLOAD_TOO_LARGE" } });
  });
});

describe("API-wide answers", () => {
  it("answers an unknown /api path with a JSON 404 envelope", async () => {
    const { status, body } = await shop.call("GET", "/public/no-such-thing");
    expect(status).toBe(404);
    expect(body).toEqual({
      success: false,
      data: null,
      message: MSG.api.routeNotFound,
      error: { code: "NOT_FOUND", message: MSG.api.routeNotFound },
    });
  });

  it("answers an unexpected exception with a 500 envelope that does not leak its message", async () => {
    shop.app.get("/test/boom", () => {
      throw new Error("connection string postgres://secret@db");
    });
    const { status, body } = await shop.call("GET", "/test/boom");
    expect(status).toBe(500);
    expect(body).toEqual({
      success: false,
      data: null,
      message: MSG.api.internal,
      error: { code: "INTERNAL_ERROR", message: MSG.api.internal },
    });
    expect(JSON.stringify(body)).not.toContain("secret");
  });
});

describe("requireAuth", () => {
  const DAY = 24 * 60 * 60 * 1000;

  beforeEach(() => {
    shop.app.get("/test/me", requireAuth, (c) =>
      c.json({ id: c.var.user.id, email: c.var.user.email, verified: c.var.user.email_verified }),
    );
  });

  async function userWithToken(overrides: { expires_at?: string; revoked_at?: string | null } = {}) {
    const now = shop.clock.now().toISOString();
    const user = await shop.db.kysely
      .insertInto("users")
      .values({
        name: "Amira",
        email: `amira-${Math.random()}@example.com`,
        password_hash: "x",
        email_verified: 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = newOpaqueToken();
    await shop.db.kysely
      .insertInto("auth_tokens")
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: overrides.expires_at ?? new Date(shop.clock.now().getTime() + DAY).toISOString(),
        revoked_at: overrides.revoked_at ?? null,
      })
      .execute();
    return { userId: user.id, token };
  }

  it("lets a live token through and exposes the user", async () => {
    const { userId, token } = await userWithToken();
    const { status, body } = await shop.call("GET", "/test/me", { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: userId, verified: true });
  });

  it("rejects a missing bearer header", async () => {
    const { status, body } = await shop.call("GET", "/test/me");
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, error: { code: "UNAUTHORIZED", message: MSG.auth.authRequired } });
  });

  it("rejects an unknown token", async () => {
    const { status, body } = await shop.call("GET", "/test/me", { token: newOpaqueToken() });
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, error: { code: "UNAUTHORIZED", message: MSG.helper.unauthorized } });
  });

  it("rejects a revoked token", async () => {
    const { token } = await userWithToken({ revoked_at: shop.clock.now().toISOString() });
    expect((await shop.call("GET", "/test/me", { token })).status).toBe(401);
  });

  it("rejects a token once it expires", async () => {
    const { token } = await userWithToken();
    expect((await shop.call("GET", "/test/me", { token })).status).toBe(200);
    shop.clock.advance(DAY);
    expect((await shop.call("GET", "/test/me", { token })).status).toBe(401);
  });
});

describe("a database that cannot be reached", () => {
  it("answers 503 SERVICE_UNAVAILABLE in the envelope, not 500, and logs one line without a stack", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    // Nothing listens on a free port: every connection is refused, as while PostgreSQL is stopped.
    const db = connect(`postgres://postgres@127.0.0.1:${await getPort()}/shop`, { logger, failFast: true });
    const mailer = memoryMailer();
    const outbox = mailOutbox({
      db,
      clock: systemClock,
      mailer,
      logger,
      shopUrl: TEST_SHOP_URL,
      shopOrdersEmail: TEST_SHOP_ORDERS_EMAIL,
      sentRetentionDays: 30,
    });
    const api = createApi({
      db,
      clock: systemClock,
      logger,
      mailer,
      outbox,
      gateway: testGateway(),
      catalogue: NO_CATALOGUE_CACHING,
      ratesSource: TEST_RATES_SOURCE,
      viewWriteDelayMs: 0,
      shopUrl: TEST_SHOP_URL,
      lowStockThreshold: 5,
    });
    try {
      const response = await api.request("/api/public/categories");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        success: false,
        data: null,
        message: MSG.api.serviceUnavailable,
        error: { code: "SERVICE_UNAVAILABLE", message: MSG.api.serviceUnavailable },
      });
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ level: 40, path: "/api/public/categories", msg: "the database is unavailable" }),
      ]);
    } finally {
      await db.close();
    }
  });
});
