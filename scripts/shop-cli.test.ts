import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogue, insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { systemClock } from "#api/core/clock.ts";
import { connect, type Db } from "#api/db/connect.ts";
import { countRows } from "#api/db/count.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { registerReturn } from "#api/returns/returns.service.ts";
import { verifyPassword } from "#api/security/passwords.ts";
import { insertPaidOrder } from "#api/testing/paid-order.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/** The operator CLI, run as operators run it: a child process on a database file of its own. */
let dir: string;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-cli-"));
  db = connect(`file:${join(dir, "shop.db")}`);
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The CLI run with `env` added to this process's environment (DATABASE_URL: the test's database unless given),
 * `stdin` piped to it (nothing unless given).
 */
function shopWith(
  { stdin = "", ...env }: NodeJS.ProcessEnv & { stdin?: string },
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(import.meta.dirname, "shop-cli.ts"), ...args],
      { cwd: dir, env: { ...process.env, DATABASE_URL: `file:${join(dir, "shop.db")}`, LOG_LEVEL: "silent", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    // The CLI may stop reading before the end (a refused, too long line): the pipe then closes under the write.
    child.stdin?.on("error", () => {});
    child.stdin?.end(stdin);
  });
}
const shop = (...args: string[]) => shopWith({}, ...args);

const promo = (code: string) => db.kysely.selectFrom("promo_codes").selectAll().where("code", "=", code).executeTakeFirst();

// Each command is a fresh Node process; on a busy machine a test with many of them takes a while.
describe("npm run shop", { timeout: 120_000 }, () => {
  it("lists every command, and refuses an unknown one with exit code 2", async () => {
    const help = await shop("help");
    expect(help.code).toBe(0);
    for (const name of [
      "promo:create",
      "promo:list",
      "promo:disable",
      "operator:create",
      "orders:list",
      "orders:export",
      "order:show",
      "order:status",
      "order:ship",
      "payments:pending",
      "payments:settle",
      "stock:set",
      "products:import",
      "customer:export",
      "customer:erase",
      "returns:list",
      "return:show",
      "return:receive",
      "return:refund",
      "return:ship",
      "return:reject",
      "claim:open",
      "audit:list",
    ]) {
      expect(help.stdout).toContain(name);
    }
    const unknown = await shop("promo:explode");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "promo:explode"');
  });

  it("lists the audit log newest first with before and after, filtered by operator, kind and day; refuses bad filters", async () => {
    expect(await shop("audit:list")).toMatchObject({ code: 0, stdout: "No changes match.\n" });
    const entry = { actor_user_id: null, subject: "order MN-AAAA-BBBB", before_json: null, after_json: null };
    await db.kysely
      .insertInto("audit_log")
      .values([
        {
          ...entry,
          actor_email: "ops@example.com",
          action: "order.status",
          before_json: JSON.stringify({ status: "confirmed" }),
          after_json: JSON.stringify({ status: "processing" }),
          created_at: "2026-11-20T09:00:00.000Z",
        },
        {
          ...entry,
          actor_email: "shop-cli:desk",
          action: "promo.create",
          subject: "promo AUDIT5",
          after_json: JSON.stringify({ code: "AUDIT5" }),
          created_at: "2026-11-21T09:00:00.000Z",
        },
      ])
      .execute();

    const all = await shop("audit:list");
    expect(all.code).toBe(0);
    const lines = all.stdout.split("\n");
    expect(lines).toEqual([
      "2026-11-21T09:00:00.000Z shop-cli:desk promo.create promo AUDIT5",
      "  before: null",
      '  after:  {"code":"AUDIT5"}',
      "2026-11-20T09:00:00.000Z ops@example.com order.status order MN-AAAA-BBBB",
      '  before: {"status":"confirmed"}',
      '  after:  {"status":"processing"}',
      "",
    ]);
    expect((await shop("audit:list", "--actor", "ops@example.com")).stdout.split("\n")[0]).toContain("order.status");
    expect((await shop("audit:list", "--action", "promo.create")).stdout).not.toContain("order.status");
    expect((await shop("audit:list", "--from", "2026-11-19", "--to", "2026-11-20")).stdout).not.toContain("promo.create");
    expect((await shop("audit:list", "--actor", "nobody")).stdout).toBe("No changes match.\n");
    const paged = await shop("audit:list", "--limit", "1", "--page", "2");
    expect(paged.stdout.split("\n")[0]).toBe("Changes 2 to 2 of 2, newest first; --page and --limit show more.");
    expect(paged.stdout).toContain("order.status");

    expect(await shop("audit:list", "--from", "2026-13-01")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`--from: ${MSG.admin.orders.badDate}`),
    });
    expect(await shop("audit:list", "--action", "Drop Table")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(MSG.adminAudit.badAction),
    });
    expect((await shop("audit:list", "--limit", "0")).code).toBe(2);
  });

  it("creates, lists and disables promo codes; refuses bad arguments with exit code 2", async () => {
    const help = await shop("promo:create", "--help");
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining("--per-customer N") });

    const created = await shop(
      "promo:create",
      "--code=summer15",
      "--type=percentage",
      "--value=15",
      "--min-basket=40",
      "--ends=2026-12-31",
      "--usage-limit=100",
      "--per-customer=1",
      "--first-purchase",
    );
    expect(created).toMatchObject({ code: 0, stdout: "Created promo code SUMMER15.\n" });
    expect(await promo("SUMMER15")).toMatchObject({
      discount_type: "percentage",
      discount_value: 15,
      min_basket_pence: 4_000,
      ends_at: "2026-12-31T00:00:00.000Z",
      usage_limit: 100,
      per_customer_limit: 1,
      first_purchase_only: 1,
      active: 1,
    });
    expect((await shop("promo:create", "--code=SUMMER15", "--type=fixed", "--value=5")).code).toBe(1);
    const fixed = await shop("promo:create", "--code=FIVER", "--type=fixed", "--value=5.5");
    expect(fixed.code).toBe(0);
    expect(await promo("FIVER")).toMatchObject({ discount_type: "fixed", discount_value: 550, usage_limit: null });

    const refusals = [];
    for (const bad of [
      ["--code=X", "--type=percentage", "--value=150"],
      ["--code=X", "--type=bogus", "--value=5"],
      ["--code=X", "--type=fixed"],
      ["--code=X", "--type=fixed", "--value=5", "--starts=2026-12-01", "--ends=2026-11-01"],
      ["--code=X", "--type=fixed", "--value=5", "--unknown-flag"],
    ]) {
      refusals.push(shop("promo:create", ...bad).then((refused) => ({ ...refused, args: bad.join(" ") })));
    }
    for (const refused of await Promise.all(refusals)) {
      expect(refused.code, refused.args).toBe(2);
      expect(refused.stderr).toContain("Usage: npm run shop -- promo:create");
    }
    expect(await promo("X")).toBeUndefined();

    const listed = await shop("promo:list");
    expect(listed.stdout).toMatch(/SUMMER15.*15%.*£40\.00/);
    expect(await shop("promo:disable", "summer15")).toMatchObject({ code: 0, stdout: "Disabled promo code SUMMER15.\n" });
    expect((await promo("SUMMER15"))?.active).toBe(0);
    expect((await shop("promo:disable", "NOPE")).code).toBe(1);
    expect((await shop("promo:disable")).code).toBe(2);
  });

  it("sets a variant's stock and keeps the product's stock total in step", async () => {
    const { products } = await insertCatalogue(db);
    const variant = await db.kysely
      .selectFrom("product_variants")
      .select(["sku", "stock"])
      .where("product_id", "=", products.linenDress)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const stockTotal = async () =>
      (await db.kysely.selectFrom("products").select("stock_total").where("id", "=", products.linenDress).executeTakeFirstOrThrow())
        .stock_total;
    const before = await stockTotal();
    expect(await shop("stock:set", variant.sku, "10")).toMatchObject({
      code: 0,
      stdout: `Stock of ${variant.sku}: ${variant.stock} -> 10.\n`,
    });
    expect(await stockTotal()).toBe(before - variant.stock + 10);
    expect((await shop("stock:set", "NO-SUCH-SKU", "1")).code).toBe(1);
    expect((await shop("stock:set", variant.sku, "-1")).code).toBe(2);
    for (const bad of ["lots", "1.5", "1000001", "99999999999999999999"]) {
      const refused = await shop("stock:set", variant.sku, bad);
      expect(refused.code, bad).toBe(2);
      expect(refused.stderr).toContain("quantity must be a whole number from 0 to 1000000");
    }
    expect(await stockTotal()).toBe(before - variant.stock + 10);
  });

  it("recomputes a drifted stock total from the variants, and stock:check finds and repairs drift", async () => {
    const { products } = await insertCatalogue(db);
    const product = (id: number) =>
      db.kysely.selectFrom("products").select(["sku", "stock_total"]).where("id", "=", id).executeTakeFirstOrThrow();
    const variantSum = async (id: number) =>
      (await db.kysely.selectFrom("product_variants").select("stock").where("product_id", "=", id).execute()).reduce(
        (sum, row) => sum + row.stock,
        0,
      );
    const variant = await db.kysely
      .selectFrom("product_variants")
      .select("sku")
      .where("product_id", "=", products.linenDress)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // A total that drifted (a write outside the shop): stock:set puts it right instead of moving it by a difference.
    await db.kysely.updateTable("products").set({ stock_total: 0 }).where("id", "=", products.linenDress).execute();
    expect((await shop("stock:set", variant.sku, "7")).code).toBe(0);
    expect((await product(products.linenDress)).stock_total).toBe(await variantSum(products.linenDress));

    expect(await shop("stock:check")).toMatchObject({
      code: 0,
      stdout: "Every product's stock total is the sum of its variants' stock.\n",
    });
    await db.kysely.updateTable("products").set({ stock_total: 999 }).where("id", "=", products.linenDress).execute();
    const { sku } = await product(products.linenDress);
    const found = await shop("stock:check");
    expect(found.code).toBe(1);
    expect(found.stdout).toMatch(new RegExp(`${sku}.*999.*${await variantSum(products.linenDress)}`));
    expect(found.stderr).toContain("1 product(s) drifted");
    expect((await product(products.linenDress)).stock_total).toBe(999);

    const repaired = await shop("stock:check", "--repair");
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toContain("Repaired 1 product(s)");
    expect((await product(products.linenDress)).stock_total).toBe(await variantSum(products.linenDress));
    expect((await shop("stock:check")).code).toBe(0);
    expect(await shop("stock:check", "--help")).toMatchObject({ code: 0, stdout: expect.stringContaining("stock:check [--repair]") });
  });

  it("refuses arguments a command does not take, with its usage and exit code 2", async () => {
    for (const args of [
      ["seed", "extra-arg"],
      ["stats", "now"],
      ["stock:set", "SKU", "1", "2"],
      ["help", "me"],
    ]) {
      const refused = await shop(...args);
      expect(refused.code, args.join(" ")).toBe(2);
      expect(refused.stderr).toContain("Usage: npm run shop --");
    }
  });

  it("on a database that is not there or not migrated says to run migrate, and creates nothing", async () => {
    const empty = mkdtempSync(join(tmpdir(), "shop-cli-empty-"));
    try {
      const missing = await shopWith({ DATABASE_URL: `file:${join(empty, "shop.db")}` }, "stats");
      expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining("run npm run shop -- migrate first") });
      const byDefault = await shopWith({ DATABASE_URL: undefined }, "promo:list");
      expect(byDefault).toMatchObject({ code: 1, stderr: expect.stringContaining(`No database at ${join(dir, "data", "shop.db")}`) });
      expect(existsSync(join(dir, "data"))).toBe(false);
      expect(readdirSync(empty)).toEqual([]);

      writeFileSync(join(empty, "blank.db"), "");
      const unmigrated = await shopWith({ DATABASE_URL: join(empty, "blank.db") }, "orders:list");
      expect(unmigrated).toMatchObject({ code: 1, stderr: expect.stringContaining("is not migrated: run npm run shop -- migrate first") });
      expect(unmigrated.stderr).not.toContain("no such table");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("refuses a DATABASE_URL it cannot open without naming its password, and makes no folder for it", async () => {
    for (const url of ["postgress://shop:hunter2@db/shop", "mysql://shop:hunter2@db/shop", "shop"]) {
      const refused = await shopWith({ DATABASE_URL: url }, "stats");
      expect(refused.code, url).toBe(1);
      expect(refused.stderr).toMatch(/^invalid setting DATABASE_URL: /);
      expect(refused.stderr).not.toContain("hunter2");
    }
    const noFolder = await shopWith({ DATABASE_URL: `file:${join(dir, "nowhere", "shop.db")}` }, "migrate");
    expect(noFolder).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`the folder of the SQLite database ${join(dir, "nowhere", "shop.db")} does not exist`),
    });
    expect(existsSync(join(dir, "nowhere"))).toBe(false);
    expect(readdirSync(dir).filter((name) => !name.startsWith("shop.db"))).toEqual([]);
  });

  it("bounds every number it takes", async () => {
    expect((await shop("orders:list", "--limit", "99999999999999999999")).code).toBe(2);
    for (const bad of [
      ["--code=BIG", "--type=fixed", "--value=1e20"],
      ["--code=BIG", "--type=fixed", "--value=5", "--min-basket=100000000"],
      ["--code=BIG", "--type=fixed", "--value=5", "--usage-limit=99999999999999999999"],
      ["--code=BIG", "--type=fixed", "--value=5", "--per-customer=10000000"],
    ]) {
      expect((await shop("promo:create", ...bad)).code, bad.join(" ")).toBe(2);
    }
    expect(await promo("BIG")).toBeUndefined();
  });

  it("creates an operator from a password typed twice on standard input, and promotes a shopper's account", async () => {
    const user = (email: string) =>
      db.kysely
        .selectFrom("users")
        .select(["name", "role", "email_verified", "password_hash"])
        .where("email", "=", email)
        .executeTakeFirst();
    const help = await shop("operator:create", "--help");
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining("read from standard input, twice") });

    const created = await shopWith(
      { stdin: "linen-and-silk-42\nlinen-and-silk-42\n" },
      "operator:create",
      "--email",
      "Ada@Example.com",
      "--name",
      "Ada Lovelace",
    );
    expect(created).toMatchObject({ code: 0, stdout: "Created operator ada@example.com; they sign in at /signin and work at /admin.\n" });
    const operator = await user("ada@example.com");
    expect(operator).toMatchObject({ name: "Ada Lovelace", role: "operator", email_verified: 1 });
    expect(await verifyPassword(operator?.password_hash, "linen-and-silk-42")).toBe(true);
    expect(operator?.password_hash).not.toContain("linen-and-silk-42");
    const again = await shopWith(
      { stdin: "another-pass-99\r\nanother-pass-99\r\n" },
      "operator:create",
      "--email",
      "ada@example.com",
      "--name",
      "Ada",
    );
    expect(again).toMatchObject({ code: 1, stderr: "ada@example.com is already an operator; nothing changed.\n" });

    const shopperId = await insertUser(db, "grace@example.test");
    await db.kysely
      .insertInto("auth_tokens")
      .values({ user_id: shopperId, token_hash: "h", created_at: "2026-11-20T10:00:00.000Z", expires_at: "2099-01-01T00:00:00.000Z" })
      .execute();
    const promoted = await shopWith(
      { stdin: "crlf-typed-pass\r\ncrlf-typed-pass" },
      "operator:create",
      "--email",
      "grace@example.test",
      "--name",
      "Grace",
    );
    expect(promoted).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("grace@example.test was a shopper's account: it is now an operator's"),
    });
    expect(await user("grace@example.test")).toMatchObject({ role: "operator", email_verified: 1 });
    expect(await verifyPassword((await user("grace@example.test"))?.password_hash, "crlf-typed-pass")).toBe(true);
    const token = await db.kysely.selectFrom("auth_tokens").select("revoked_at").where("user_id", "=", shopperId).executeTakeFirstOrThrow();
    expect(token.revoked_at).not.toBeNull();

    const refusals = await Promise.all([
      shopWith({ stdin: "linen-and-silk-42\nlinen-and-silk-43\n" }, "operator:create", "--email", "x1@example.com", "--name", "X"),
      shopWith({ stdin: "linen-and-silk-42\n" }, "operator:create", "--email", "x2@example.com", "--name", "X"),
      shopWith({ stdin: "short\nshort\n" }, "operator:create", "--email", "x3@example.com", "--name", "X"),
      shopWith({ stdin: `${"p".repeat(200_000)}\n` }, "operator:create", "--email", "x4@example.com", "--name", "X"),
    ]);
    expect(refusals.map((refused) => refused.code)).toEqual([1, 1, 1, 1]);
    expect(refusals[0]?.stderr).toBe(`Password refused: ${MSG.auth.passwordsDoNotMatch}. Nothing changed.\n`);
    expect(refusals[1]?.stderr).toContain("needs the password twice on standard input");
    expect(refusals[2]?.stderr).toContain(MSG.accounts.passwordMin(PASSWORD_MIN));
    expect(refusals[3]?.stderr).toContain(`longer than ${PASSWORD_MAX} characters`);
    for (const bad of [
      ["--email", "not-an-email", "--name", "X"],
      ["--email", "x5@example.com"],
      ["--email", "x5@example.com", "--name", "X", "--password", "p"],
    ]) {
      expect((await shopWith({ stdin: "linen-and-silk-42\nlinen-and-silk-42\n" }, "operator:create", ...bad)).code, bad.join(" ")).toBe(2);
    }
    const operators = await db.kysely.selectFrom("users").select("email").where("role", "=", "operator").orderBy("email").execute();
    expect(operators.map((row) => row.email)).toEqual(["ada@example.com", "grace@example.test"]);
  });

  it("lists orders by status and moves them only along the allowed transitions", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db);
    const orderId = await insertOrder(db, {
      userId,
      createdAt: "2026-11-20T10:00:00.000Z",
      status: "pending",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    await insertOrder(db, {
      userId,
      createdAt: "2026-11-19T10:00:00.000Z",
      status: "delivered",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    const { code } = await db.kysely.selectFrom("orders").select("code").where("id", "=", orderId).executeTakeFirstOrThrow();

    const help = await shop("order:status", "--help");
    expect(help.stdout).toContain(
      "pending -> processing | cancelled; confirmed -> processing | cancelled; processing -> shipped | cancelled;",
    );

    const pending = await shop("orders:list", "--status", "pending");
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(code);
    expect(pending.stdout).not.toContain("delivered");
    expect((await shop("orders:list", "--status", "lost")).code).toBe(2);

    const forbidden = await shop("order:status", code, "completed");
    expect(forbidden).toMatchObject({
      code: 1,
      stderr: `Order ${code} is pending; it cannot become completed (next: processing or cancelled).\n`,
    });
    expect(await shop("order:status", code, "processing")).toMatchObject({ code: 0, stdout: `Order ${code}: pending -> processing.\n` });
    expect(await shop("order:status", code, "shipped")).toMatchObject({
      code: 1,
      stderr: `Shipping needs the carrier and tracking number: npm run shop -- order:ship ${code} --carrier C --tracking T\n`,
    });
    expect((await shop("order:ship", code, "--carrier", "pigeon", "--tracking", "AB123456785GB")).code).toBe(2);
    expect((await shop("order:ship", code, "--carrier", "royal_mail", "--tracking", "12-34")).stderr).toContain(
      `--tracking: ${MSG.admin.orders.trackingInvalid}`,
    );
    expect((await shop("order:ship", code, "--carrier", "royal_mail")).code).toBe(2);
    expect(await shop("order:ship", code, "--carrier", "royal_mail", "--tracking", "ab 1234 5678 5gb")).toMatchObject({
      code: 0,
      stdout: `Order ${code}: processing -> shipped.\nTracking: https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB\n`,
    });
    expect((await shop("order:ship", code, "--carrier", "dpd", "--tracking", "15501234567890")).stderr).toBe(
      `Order ${code} is shipped; it cannot become shipped (next: delivered).\n`,
    );
    expect((await shop("order:status", code, "delivered")).code).toBe(0);
    expect(await shop("order:status", code, "cancelled")).toMatchObject({
      code: 1,
      stderr: `Order ${code} is delivered; it cannot become cancelled (next: completed).\nIts money goes back through its return (returns:list --search ${code}, then return:refund) or a claim (claim:open ${code} --help).\n`,
    });
    expect((await shop("order:status", code, "lost")).code).toBe(2);
    expect((await shop("order:status", "MN-NONE-NONE", "processing")).code).toBe(1);
    const { status } = await db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(status).toBe("delivered");
  });

  it("exports the orders of a range of days as the back office's CSV, formulas guarded; refuses a bad range with exit code 2", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db, "rita@example.test");
    await db.kysely.updateTable("users").set({ name: "=SUM(A1:A9)" }).where("id", "=", userId).execute();
    const placed = async (createdAt: string, status: "confirmed" | "cancelled") => {
      const id = await insertOrder(db, { userId, createdAt, status, items: [{ productId: products.linenDress, quantity: 2 }] });
      const { code } = await db.kysely
        .updateTable("orders")
        .set({
          subtotal_pence: 9_000,
          discount_pence: 900,
          total_pence: 8_600,
          payment_status: status === "cancelled" ? "refunded" : "paid",
        })
        .where("id", "=", id)
        .returning("code")
        .executeTakeFirstOrThrow();
      return code;
    };
    const early = await placed("2026-11-01T09:00:00.000Z", "confirmed");
    const cancelled = await placed("2026-11-02T23:59:59.999Z", "cancelled");
    const late = await placed("2026-11-03T00:00:00.000Z", "confirmed");

    const exported = await shop("orders:export", "--from", "2026-11-01", "--to", "2026-11-02");
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    const [header, ...rows] = exported.stdout.split("\r\n");
    expect(header).toBe("code,date,customer,items,subtotal,discount,delivery,total,refunds,status");
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(`^${early},2026-11-01T09:00:00.000Z,'=SUM\\(A1:A9\\) <rita@example.test>,.+ × 2,90.00,9.00,5.00,86.00,0.00,confirmed$`),
      ),
      expect.stringMatching(new RegExp(`^${cancelled},.*,90.00,9.00,5.00,86.00,86.00,cancelled$`)),
      "",
    ]);
    expect(exported.stdout).not.toContain(late);

    expect((await shop("orders:export", "--from", "2026-11-01")).stderr).toContain(`--to: ${MSG.admin.orders.exportDatesRequired}`);
    expect((await shop("orders:export", "--from", "2026-11-03", "--to", "2026-11-01")).code).toBe(2);
    expect((await shop("orders:export", "--from", "2025-01-01", "--to", "2026-11-01")).stderr).toContain(
      MSG.admin.orders.exportTooLong(366),
    );
  });

  it("says what a cancellation did with the stock and the money: refund issued, pending (will retry), or nothing owed", async () => {
    const { products } = await insertCatalogue(db);
    const [variant] = await db.kysely.selectFrom("product_variants").select("id").where("product_id", "=", products.linenDress).execute();
    const userId = await insertUser(db);
    const paid = () => insertPaidOrder(db, { userId, lines: [{ variantId: variant?.id as number, quantity: 3 }] });

    const refunded = await paid();
    expect(await shop("order:status", refunded.code, "cancelled")).toMatchObject({
      code: 0,
      stdout: `Order ${refunded.code}: confirmed -> cancelled.\nRestocked 3 units.\nRefund issued: ${`£${(refunded.totalPence / 100).toFixed(2)}`} to the shopper's payment method.\n`,
    });

    const unreachable = {
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET: "whsec_unreachable",
      STRIPE_API_URL: "http://127.0.0.1:9",
    };
    const stuck = await paid();
    const pending = await shopWith(unreachable, "order:status", stuck.code, "cancelled");
    expect(pending.code).toBe(0);
    expect(pending.stdout).toMatch(
      new RegExp(
        `^Order ${stuck.code}: confirmed -> cancelled\\.\nRestocked 3 units\\.\nRefund pending \\(will retry\\): the payment provider said .+; the recovery pass tries again every minute`,
      ),
    );

    const unpaidId = await insertOrder(db, {
      userId,
      createdAt: "2026-11-20T10:00:00.000Z",
      status: "pending",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    const { code: unpaid } = await db.kysely.selectFrom("orders").select("code").where("id", "=", unpaidId).executeTakeFirstOrThrow();
    expect((await shop("order:status", unpaid, "cancelled")).stdout).toBe(
      `Order ${unpaid}: pending -> cancelled.\nRestocked 1 unit.\nNo money to give back: nothing was paid, or it went back already.\n`,
    );
  });

  it("shows an order's facts in plain text: items, address, customer, payment, totals, shipment and history", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db, "amina@example.test");
    const orderId = await insertOrder(db, {
      userId,
      createdAt: "2026-11-20T10:00:00.000Z",
      status: "processing",
      items: [{ productId: products.linenDress, quantity: 3 }],
    });
    const { code } = await db.kysely.selectFrom("orders").select("code").where("id", "=", orderId).executeTakeFirstOrThrow();
    expect((await shop("order:ship", code, "--carrier", "evri", "--tracking", "H00A1B2C3D4E5F6G")).code).toBe(0);
    const shown = await shop("order:show", code.toLowerCase());
    expect(shown.code).toBe(0);
    for (const fact of [
      `Order ${code}, placed 2026-11-20T10:00:00.000Z`,
      "Status: shipped (next: delivered)",
      "Customer: Shopper <amina@example.test>",
      "Ship to: Home, 1 High Street, London, E1 1AA; phone 07000000000",
      "Payment: Credit Card, paid",
      "] 3 x Item, SKU SKU: £0.00 each, £0.00; 3 left to return or claim",
      "Totals: subtotal £0.00, shipping £5.00, discount £0.00, total £5.00",
      "with Evri, tracking H00A1B2C3D4E5F6G (https://www.evri.com/track/parcel/H00A1B2C3D4E5F6G)",
      "shipped, by the shop",
    ]) {
      expect(shown.stdout).toContain(fact);
    }
    expect(await shop("order:show", "MN-NONE-NONE")).toMatchObject({ code: 1, stderr: "No order MN-NONE-NONE.\n" });
    expect((await shop("order:show")).code).toBe(2);
  });

  it("lists payments not settled, with their age, and settles them: captures an order's payment, voids an authorisation without one", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db, "amina@example.test");
    const startedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    // A process killed between the order's commit and the capture, and one killed before its order.
    const orderId = await insertOrder(db, {
      userId,
      createdAt: startedAt,
      status: "pending",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    await db.kysely.updateTable("orders").set({ payment_status: "authorised" }).where("id", "=", orderId).execute();
    const order = await db.kysely
      .selectFrom("orders")
      .select(["code", "idempotency_key"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto("payments")
      .values({
        order_id: orderId,
        gateway: "test",
        method: "paypal",
        status: "authorised",
        amount_pence: 500,
        reference: "test_cut_off",
        created_at: startedAt,
      })
      .execute();
    const attempt = (key: string, reference: string | null) => ({
      user_id: userId,
      idempotency_key: key,
      status: "processing" as const,
      method: "paypal",
      gateway: "test",
      gateway_reference: reference,
      amount_pence: 500,
      created_at: startedAt,
      updated_at: startedAt,
    });
    await db.kysely
      .insertInto("payment_attempts")
      .values([attempt(order.idempotency_key, "test_cut_off"), attempt("no-order-key", "test_no_order")])
      .execute();

    expect(await shop("payments:pending", "--help")).toMatchObject({ code: 0, stdout: expect.stringContaining("payments:pending") });
    expect(await shop("payments:settle", "--help")).toMatchObject({ code: 0, stdout: expect.stringContaining("payments:settle") });
    const pending = await shop("payments:pending");
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain("Attempts processing:");
    expect(pending.stdout).toContain("Orders pending with an authorised payment:");
    expect(pending.stdout).toContain(order.code);
    expect(pending.stdout).toContain("amina@example.test");
    expect(pending.stdout).toMatch(/1\d min/);

    const settled = await shop("payments:settle");
    expect(settled).toMatchObject({ code: 0, stderr: "" });
    expect(settled.stdout).toContain(`(order ${order.code}): captured; the order is confirmed and paid.`);
    expect(settled.stdout).toContain("no order; the authorisation is voided and the attempt failed.");
    expect(await db.kysely.selectFrom("orders").select(["status", "payment_status"]).where("id", "=", orderId).executeTakeFirst()).toEqual({
      status: "confirmed",
      payment_status: "paid",
    });
    expect(await shop("payments:pending")).toMatchObject({ code: 0, stdout: "No pending payments.\n" });
    expect(await shop("payments:settle")).toMatchObject({ code: 0, stdout: "Nothing to settle.\n" });
  });

  it("lists hosted checkouts still open, with their order, customer, amount and expiry", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db, "noor@example.test");
    const openedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const expiresAt = new Date(Date.now() + 25 * 60_000).toISOString();
    const orderId = await insertOrder(db, {
      userId,
      createdAt: openedAt,
      status: "pending",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    await db.kysely
      .insertInto("payments")
      .values({
        order_id: orderId,
        gateway: "stripe",
        method: "credit_card",
        status: "open",
        amount_pence: 12_345,
        reference: "cs_test_open",
        checkout_url: "https://checkout.stripe.test/pay/cs_test_open",
        expires_at: expiresAt,
        created_at: openedAt,
      })
      .execute();
    const { code } = await db.kysely.selectFrom("orders").select("code").where("id", "=", orderId).executeTakeFirstOrThrow();

    const pending = await shop("payments:pending");
    expect(pending).toMatchObject({ code: 0, stderr: "" });
    expect(pending.stdout).toContain("Hosted checkouts open:");
    expect(pending.stdout).not.toContain("Attempts processing:");
    for (const fact of [code, "noor@example.test", "£123.45", expiresAt]) expect(pending.stdout).toContain(fact);
    expect(pending.stdout).toMatch(/\b5 min/);

    await db.kysely.updateTable("payments").set({ status: "expired" }).where("order_id", "=", orderId).execute();
    expect(await shop("payments:pending")).toMatchObject({ code: 0, stdout: "No pending payments.\n" });
  });

  it("lists a return's refund the provider left pending, and completes it on payments:settle", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db, "rania@example.test");
    const decidedAt = new Date(Date.now() - 3 * 60_000).toISOString();
    const orderId = await insertOrder(db, {
      userId,
      createdAt: decidedAt,
      status: "delivered",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    const payment = await db.kysely
      .insertInto("payments")
      .values({
        order_id: orderId,
        gateway: "test",
        method: "credit_card",
        status: "captured",
        amount_pence: 500,
        reference: "test_partly_refunded",
        created_at: decidedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ret = await db.kysely
      .insertInto("returns")
      .values({
        code: "RT-CLI2-TEST",
        order_id: orderId,
        kind: "claim",
        reason: "damaged",
        state: "received",
        goods_back: 0,
        created_at: decidedAt,
        received_at: decidedAt,
        updated_at: decidedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto("refunds")
      .values({
        order_id: orderId,
        payment_id: payment.id,
        return_id: ret.id,
        amount_pence: 200,
        status: "pending",
        created_at: decidedAt,
        last_error: "the provider timed out",
      })
      .execute();
    const { code } = await db.kysely.selectFrom("orders").select("code").where("id", "=", orderId).executeTakeFirstOrThrow();

    const pending = await shop("payments:pending");
    expect(pending).toMatchObject({ code: 0, stderr: "" });
    expect(pending.stdout).toContain("Refunds of returns and claims the provider has not done:");
    for (const fact of [code, "RT-CLI2-TEST", "rania@example.test", "£2.00", "the provider timed out"])
      expect(pending.stdout).toContain(fact);

    const settled = await shop("payments:settle");
    expect(settled).toMatchObject({ code: 0, stderr: "" });
    expect(settled.stdout).toContain(`Refund of £2.00 on return RT-CLI2-TEST (order ${code}): refunded; the shopper is e-mailed.`);
    expect(await db.kysely.selectFrom("returns").select("state").where("id", "=", ret.id).executeTakeFirst()).toEqual({
      state: "refunded",
    });
    expect(await shop("payments:pending")).toMatchObject({ code: 0, stdout: "No pending payments.\n" });
  });

  it("imports a valid products file whole, and nothing of a file with any problem", async () => {
    await insertCatalogue(db);
    const product = (sku: string, category = "Abayas") => ({
      sku,
      name: `Imported ${sku}`,
      category,
      description: "Crepe abaya with a satin trim.",
      price: 89.99,
      originalPrice: 99.99,
      fits: ["Fitted", "Relaxed"],
      images: [{ url: "/images/imported.jpg", alt: "Imported abaya" }],
      variants: [
        { sku: `${sku}-BLK-M`, color: "Black", colorCode: "#111111", size: "M", stock: 4 },
        { sku: `${sku}-BLK-L`, color: "Black", colorCode: "#111111", size: "L", stock: 2, extraPrice: 5 },
      ],
    });
    const write = (name: string, content: unknown) => {
      const file = join(dir, name);
      writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
      return file;
    };
    const count = () => countRows(db, "products");
    const before = await count();

    const bad = await shop(
      "products:import",
      write("bad.json", { products: [product("IMP-1"), product("IMP-2", "Nowhere"), product("IMP-1")] }),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('products.1.category: no category named "Nowhere"');
    expect(bad.stderr).toContain("SKU IMP-1 appears more than once");
    // A field problem and the catalogue's problems, listed together in one run.
    const { images: _, ...noImages } = product("IMP-3", "Nowhere");
    const mixed = await shop("products:import", write("mixed.json", { products: [{ ...noImages, price: "cheap" }, product("IMP-1")] }));
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain("products.0.price");
    expect(mixed.stderr).toContain('products.0.category: no category named "Nowhere"');
    expect(await count()).toBe(before);
    expect((await shop("products:import", write("broken.json", "{ not json"))).code).toBe(1);
    expect((await shop("products:import", write("wrong.json", { products: [{ sku: "X" }] }))).stderr).toContain("products.0.name");
    expect((await shop("products:import")).code).toBe(2);

    const good = await shop(
      "products:import",
      write("good.json", { products: [product("IMP-1"), { ...product("IMP-2"), finalSale: true }] }),
    );
    expect(good).toMatchObject({ code: 0, stdout: "Imported 2 product(s).\n" });
    const imported = await db.kysely.selectFrom("products").selectAll().where("sku", "=", "IMP-1").executeTakeFirstOrThrow();
    expect(imported).toMatchObject({
      current_price_pence: 8_999,
      original_price_pence: 9_999,
      stock_total: 6,
      default_fit: "Fitted",
      status: "Active",
      final_sale: 0,
    });
    expect(await db.kysely.selectFrom("products").select("final_sale").where("sku", "=", "IMP-2").executeTakeFirstOrThrow()).toEqual({
      final_sale: 1,
    });
    const variants = await db.kysely
      .selectFrom("product_variants")
      .select(["sku", "extra_price_pence"])
      .where("product_id", "=", imported.id)
      .orderBy("sku")
      .execute();
    expect(variants).toEqual([
      { sku: "IMP-1-BLK-L", extra_price_pence: 500 },
      { sku: "IMP-1-BLK-M", extra_price_pence: 0 },
    ]);
    expect((await shop("products:import", write("again.json", { products: [product("IMP-1")] }))).stderr).toContain(
      "already in the catalogue",
    );
  });
  it("exports and erases a customer's account on request, each recorded in the audit log", async () => {
    const { products } = await insertCatalogue(db);
    const userId = await insertUser(db, "amira@example.com");
    const orderId = await insertOrder(db, {
      userId,
      createdAt: "2026-11-19T10:00:00.000Z",
      status: "delivered",
      items: [{ productId: products.linenDress, quantity: 1 }],
    });
    await db.kysely.insertInto("subscriptions").values({ email: "amira@example.com", created_at: "2026-11-01T10:00:00.000Z" }).execute();

    const exported = await shop("customer:export", " Amira@Example.com ");
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({
      account: { email: "amira@example.com", name: "Shopper" },
      orders: [{ id: orderId, items: [{ product_id: products.linenDress }] }],
      newsletter: { subscribed: true },
    });
    expect(await shop("customer:export", "nobody@example.com")).toMatchObject({
      code: 1,
      stderr: "No account with the e-mail nobody@example.com.\n",
    });
    expect((await shop("customer:export", "not-an-address")).code).toBe(2);
    expect((await shop("customer:export")).code).toBe(2);

    expect((await shop("customer:erase", "amira@example.com")).code).toBe(2);
    expect(await countRows(db, "subscriptions")).toBe(1);
    const erased = await shop("customer:erase", "amira@example.com", "--yes");
    expect(erased).toMatchObject({
      code: 0,
      stdout: "Erased the account of amira@example.com: 1 order(s) kept, anonymised; 0 review(s) removed.\n",
    });
    expect(await countRows(db, "subscriptions")).toBe(0);
    const order = await db.kysely.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: userId, ship_line1: MSG.privacy.erased, ship_phone: MSG.privacy.erased });
    expect((await shop("customer:erase", "amira@example.com", "--yes")).code).toBe(1);

    const audit = await db.kysely
      .selectFrom("audit_log")
      .select(["action", "subject", "actor_user_id", "actor_email"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "customer.export", subject: `user:${userId}`, actor_user_id: null, actor_email: expect.stringMatching(/^shop-cli:/) },
      { action: "customer.erase", subject: `user:${userId}`, actor_user_id: null, actor_email: expect.stringMatching(/^shop-cli:/) },
    ]);
  });

  it("lists, shows, receives, refunds, ships and rejects returns and claims, each step audited under the system user", async () => {
    const { products } = await insertCatalogue(db);
    const variantsOf = (productId: number) =>
      db.kysely.selectFrom("product_variants").select(["id", "size", "stock"]).where("product_id", "=", productId).orderBy("id").execute();
    const [beigeS, beigeM] = await variantsOf(products.linenDress);
    const [silkBlackM] = await variantsOf(products.silkAbaya);
    const stockOf = async (variantId: number | undefined) =>
      (
        await db.kysely
          .selectFrom("product_variants")
          .select("stock")
          .where("id", "=", variantId ?? 0)
          .executeTakeFirstOrThrow()
      ).stock;
    const userId = await insertUser(db, "amira@example.test");
    const order = await insertPaidOrder(db, {
      userId,
      deliveredAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
      lines: [
        { variantId: beigeS?.id as number, quantity: 3 },
        { variantId: silkBlackM?.id as number, quantity: 1 },
      ],
    });
    const [dressItem, abayaItem] = order.itemIds as [number, number];
    const refund = await registerReturn(db, systemClock, userId, order.orderId, {
      reason: "faulty",
      items: [{ order_item_id: dressItem, quantity: 1, resolution: "refund" }],
    });
    const exchange = await registerReturn(db, systemClock, userId, order.orderId, {
      reason: "too_small",
      items: [{ order_item_id: dressItem, quantity: 1, resolution: "exchange", exchange_variant_id: beigeM?.id }],
    });
    const unpaid = await registerReturn(db, systemClock, userId, order.orderId, {
      reason: "changed_mind",
      items: [{ order_item_id: dressItem, quantity: 1, resolution: "refund" }],
    });
    const returnItemOf = async (code: string) =>
      db.kysely
        .selectFrom("return_items")
        .innerJoin("returns", "returns.id", "return_items.return_id")
        .select(["return_items.id", "return_items.restocked"])
        .where("returns.code", "=", code)
        .executeTakeFirstOrThrow();
    const stateOf = async (code: string) =>
      (await db.kysely.selectFrom("returns").select("state").where("code", "=", code).executeTakeFirstOrThrow()).state;

    for (const command of [
      "returns:list",
      "return:show",
      "return:receive",
      "return:refund",
      "return:ship",
      "return:reject",
      "claim:open",
    ]) {
      expect(await shop(command, "--help")).toMatchObject({ code: 0, stdout: expect.stringContaining(`npm run shop -- ${command}`) });
    }
    const listed = await shop("returns:list", "--state", "requested", "--kind", "return");
    expect(listed.code).toBe(0);
    for (const fact of [refund.code, exchange.code, order.code, "amira@example.test", "Faulty", "Too small"])
      expect(listed.stdout).toContain(fact);
    expect(await shop("returns:list", "--kind", "claim")).toMatchObject({ code: 0, stdout: "No returns or claims match.\n" });
    expect(await shop("returns:list", "--state", "lost")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`--state: ${MSG.adminReturns.badState}`),
    });

    const { id: refundItemId } = await returnItemOf(refund.code);
    const shown = await shop("return:show", refund.code.toLowerCase());
    expect(shown.code).toBe(0);
    for (const fact of [
      `Return ${refund.code} on order ${order.code}, opened `,
      "State: requested (next: return:receive or return:reject)",
      "Customer: Shopper <amira@example.test>",
      "Reason: Faulty",
      `  ${refundItemId}: 1 x Linen Dress (Beige / S), SKU `,
      "£45.00 each paid: refund",
    ]) {
      expect(shown.stdout).toContain(fact);
    }
    expect(await shop("return:show", "RT-0000-0000")).toMatchObject({ code: 1, stderr: `${MSG.adminReturns.notFound}\n` });
    expect(await shop("return:show", "MN-7K3F-9Q2A")).toMatchObject({ code: 2, stderr: expect.stringContaining(MSG.adminReturns.badCode) });

    // Not received yet: no refund; then received with its dress back in stock.
    expect(await shop("return:refund", refund.code)).toMatchObject({
      code: 1,
      stderr: `${MSG.adminReturns.wrongState("Requested")}\n`,
    });
    expect((await shop("return:receive", refund.code, "--restock", "x")).code).toBe(2);
    const stockBefore = await stockOf(beigeS?.id);
    expect(await shop("return:receive", refund.code, "--restock", String(refundItemId))).toMatchObject({
      code: 0,
      stdout: `Return ${refund.code}: received, item(s) ${refundItemId} back in stock; now received (next: return:refund or return:reject).\n`,
    });
    expect(await stockOf(beigeS?.id)).toBe(stockBefore + 1);
    expect(await returnItemOf(refund.code)).toMatchObject({ restocked: 1 });
    expect((await shop("return:receive", refund.code)).code).toBe(1);

    // Faulty: the dress and the delivery go back, through the test gateway.
    expect((await shop("return:refund", refund.code, "--amount", "12.345")).code).toBe(2);
    const refunded = await shop("return:refund", refund.code);
    expect(refunded).toMatchObject({
      code: 0,
      stdout: `Return ${refund.code}: refund issued: £50.00; the shopper is e-mailed; now refunded (nothing left to do).\n`,
    });
    expect(await db.kysely.selectFrom("refunds").select(["amount_pence", "status", "actor_user_id"]).execute()).toEqual([
      { amount_pence: 5_000, status: "succeeded", actor_user_id: null },
    ]);
    expect((await shop("return:refund", refund.code, "--amount", "1")).code).toBe(1);

    // The exchange: received without restocking, then sent with its tracking; past that it cannot be rejected.
    expect((await shop("return:receive", exchange.code)).code).toBe(0);
    expect((await returnItemOf(exchange.code)).restocked).toBe(0);
    expect((await shop("return:ship", exchange.code, "--carrier", "pigeon", "--tracking", "AB123456785GB")).code).toBe(2);
    expect(await shop("return:ship", exchange.code, "--carrier", "royal_mail", "--tracking", "ab 1234 5678 5gb")).toMatchObject({
      code: 0,
      stdout: `Return ${exchange.code}: shipped; the shopper is e-mailed the tracking; now exchanged (nothing left to do).\nTracking: https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB\n`,
    });
    expect(await shop("return:reject", exchange.code, "--reason", "Worn")).toMatchObject({
      code: 1,
      stderr: `${MSG.adminReturns.wrongState("Exchanged")}\n`,
    });

    // A provider that cannot be reached leaves the refund pending, for the recovery pass; the command says so.
    expect((await shop("return:receive", unpaid.code)).code).toBe(0);
    const unreachable = {
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET: "whsec_unreachable",
      STRIPE_API_URL: "http://127.0.0.1:9",
    };
    const pending = await shopWith(unreachable, "return:refund", unpaid.code, "--amount", "20");
    expect(pending).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Return ${unpaid.code}: refund of £20.00 recorded; now received`),
    });
    expect(pending.stdout).toContain("Refund of £20.00 pending (will retry): the payment provider said");
    expect(await db.kysely.selectFrom("refunds").select(["amount_pence", "status"]).where("status", "=", "pending").execute()).toEqual([
      { amount_pence: 2_000, status: "pending" },
    ]);
    expect((await shop("return:show", unpaid.code)).stdout).toContain("pending at the provider £20.00");

    // A claim for the abaya that never arrived, replaced: held from stock now, given back when the claim is rejected.
    const claimArgs = ["claim:open", order.code.toLowerCase(), "--reason", "never_arrived", "--outcome", "replacement"];
    expect((await shop(...claimArgs)).code).toBe(2);
    expect((await shop(...claimArgs, "--item", "one")).code).toBe(2);
    expect(await shop("claim:open", order.code, "--reason", "lost", "--outcome", "refund", "--item", `${abayaItem}:1`)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`--reason: ${MSG.adminReturns.claimReasonRequired}`),
    });
    expect(await shop(...claimArgs, "--item", `${abayaItem}:2`)).toMatchObject({ code: 1, stderr: expect.stringContaining("Silk Abaya") });
    const abayaStock = await stockOf(silkBlackM?.id);
    const opened = await shop(...claimArgs, "--item", `${abayaItem}:1`, "--note", "The courier lost it");
    expect(opened).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(`^Claim RT-[A-Z0-9]{4}-[A-Z0-9]{4}: opened on order ${order.code}; 1 unit held from stock for the replacement; `),
      ),
    });
    const claim = await db.kysely.selectFrom("returns").selectAll().where("kind", "=", "claim").executeTakeFirstOrThrow();
    expect(claim).toMatchObject({
      state: "received",
      goods_back: 0,
      note: "The courier lost it",
      reason: "never_arrived",
      created_by: null,
    });
    expect(await stockOf(silkBlackM?.id)).toBe(abayaStock - 1);
    expect((await shop("returns:list", "--kind", "claim")).stdout).toContain(claim.code);
    expect((await shop("return:reject", claim.code)).code).toBe(2);
    expect(await shop("return:reject", claim.code, "--reason", "Found at the depot, delivered today")).toMatchObject({
      code: 0,
      stdout: `Claim ${claim.code}: rejected; the shopper is e-mailed the reason; 1 unit held for it back in stock; now rejected (nothing left to do).\n`,
    });
    expect(await stateOf(claim.code)).toBe("rejected");
    expect(await stockOf(silkBlackM?.id)).toBe(abayaStock);

    // Cancelling a delivered order is refused, and the refusal says how money goes back instead.
    const cancelled = await shop("order:status", order.code, "cancelled");
    expect(cancelled.code).toBe(1);
    expect(cancelled.stderr).toContain("claim:open");

    const audit = await db.kysely.selectFrom("audit_log").select(["action", "actor_user_id", "actor_email"]).orderBy("id").execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "return.receive",
      "return.refund",
      "return.receive",
      "return.ship",
      "return.receive",
      "return.refund",
      "claim.open",
      "return.reject",
    ]);
    for (const entry of audit) expect(entry).toMatchObject({ actor_user_id: null, actor_email: expect.stringMatching(/^shop-cli:/) });
  });
});
