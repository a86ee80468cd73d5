import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertUser } from "#api/catalogue/testing-fixtures.ts";
import { systemClock } from "#api/core/clock.ts";
import { connect } from "#api/db/connect.ts";
import { prepareDatabase } from "#api/db/prepare.ts";
import { registerReturn } from "#api/returns/returns.service.ts";
import { insertPaidOrder } from "#api/testing/paid-order.ts";
import { runShopCli } from "./shop-cli.ts";

/**
 * The README's "Operator commands", run word for word: every `npm run shop -- …` line of its `sh` blocks goes
 * through the CLI's entry function, in a folder of its own holding the default database (data/shop.db), freshly
 * seeded, and the section's example import file.
 */
const root = resolve(import.meta.dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const section = readme.slice(
  readme.indexOf("### Operator commands"),
  readme.indexOf("\n### ", readme.indexOf("### Operator commands") + 1),
);
const blocks = (language: string) =>
  [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((match) => match[1] ?? "");
/** Each shell line with its continuations joined and its comment dropped (the README's lines quote with "" only). */
const commands = blocks("sh")
  .flatMap((block) => block.replace(/\\\n\s*/g, " ").split("\n"))
  .map((line) => line.replace(/\s+#.*$/, "").trim())
  .filter((line) => line.startsWith("npm run shop -- "));
/** The order the README's order:status line names: the demo catalogue has no orders, so one is placed here. */
const README_ORDER = "MN-7K3F-9Q2A";
/** The customer the README's customer:export and customer:erase lines name: the order's. */
const README_CUSTOMER = "amira@example.com";
/**
 * The returns the README's return lines name, registered by the customer on another order of theirs, delivered: one
 * refunded (its item is the first return item, which the receive line restocks), one exchanged, one rejected.
 */
const README_RETURNS = { refund: "RT-4M7P-2X9K", exchange: "RT-8H2C-6V3N", reject: "RT-5D3J-7K2L" };
/** A command line as the shell splits it: words, or a double-quoted phrase as one. */
const words = (line: string) => (line.match(/"[^"]*"|\S+/g) ?? []).map((word) => word.replace(/^"(.*)"$/, "$1"));

const cwd = process.cwd();
const dir = mkdtempSync(join(tmpdir(), "shop-readme-"));
beforeAll(async () => {
  mkdirSync(join(dir, "data"));
  const db = connect(`file:${join(dir, "data", "shop.db")}`);
  try {
    await prepareDatabase(db, { seedDemo: true });
    // Two sizes of one colour of a product, in stock at one price: one is bought, the other is what it is exchanged for.
    const variants = await db.kysely
      .selectFrom("product_variants")
      .select(["id", "product_id", "color_name", "extra_price_pence"])
      .where("stock", ">", 5)
      .orderBy("id")
      .execute();
    type Variant = (typeof variants)[number];
    const twins = (one: Variant, another: Variant) =>
      one.id !== another.id &&
      one.product_id === another.product_id &&
      one.color_name === another.color_name &&
      one.extra_price_pence === another.extra_price_pence;
    const bought = variants.find((variant) => variants.some((another) => twins(variant, another)));
    const other = bought && variants.find((variant) => twins(bought, variant));
    if (!bought || !other) throw new Error("the demo catalogue has no product with two sizes of one colour in stock");
    const userId = await insertUser(db, README_CUSTOMER);
    const { orderId } = await insertPaidOrder(db, { userId, lines: [{ variantId: bought.id, quantity: 1 }] });
    await db.kysely.updateTable("orders").set({ code: README_ORDER }).where("id", "=", orderId).execute();
    const delivered = await insertPaidOrder(db, {
      userId,
      deliveredAt: new Date().toISOString(),
      lines: [{ variantId: bought.id, quantity: 3 }],
    });
    const [itemId = 0] = delivered.itemIds;
    const registered = [
      { code: README_RETURNS.refund, reason: "faulty" as const, resolution: "refund" as const },
      { code: README_RETURNS.exchange, reason: "too_small" as const, resolution: "exchange" as const },
      { code: README_RETURNS.reject, reason: "changed_mind" as const, resolution: "refund" as const },
    ];
    for (const { code, reason, resolution } of registered) {
      const item = {
        order_item_id: itemId,
        quantity: 1,
        resolution,
        exchange_variant_id: resolution === "exchange" ? other.id : undefined,
      };
      const ret = await registerReturn(db, systemClock, userId, delivered.orderId, { reason, items: [item] });
      await db.kysely.updateTable("returns").set({ code }).where("code", "=", ret.code).execute();
    }
  } finally {
    await db.close();
  }
  const [example] = blocks("json");
  writeFileSync(join(dir, "new-products.json"), example ?? "");
  process.chdir(dir);
});
afterAll(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

describe("README operator commands", { timeout: 60_000 }, () => {
  it("holds the commands, the order and the import file this test relies on", () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands).toContainEqual(expect.stringContaining(`order:status ${README_ORDER}`));
    expect(commands).toContainEqual(expect.stringContaining(`customer:erase ${README_CUSTOMER}`));
    expect(commands).toContain("npm run shop -- products:import new-products.json");
    for (const code of Object.values(README_RETURNS)) expect(commands).toContainEqual(expect.stringContaining(code));
    expect(commands).toContainEqual(expect.stringContaining(`claim:open ${README_ORDER}`));
  });

  it("names only images the shop serves in its example import file", () => {
    const { products } = JSON.parse(blocks("json")[0] ?? "{}") as { products: { images: { url: string }[] }[] };
    for (const { url } of products.flatMap((product) => product.images))
      expect(() => readFileSync(join(root, "public", url))).not.toThrow();
  });

  it("runs every command on a fresh database with exit code 0", async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    for (const command of commands) {
      let output = "";
      const collect = (...parts: unknown[]) => {
        output += `${parts.map(String).join(" ")}\n`;
      };
      const spies = (["log", "error", "table"] as const).map((method) => vi.spyOn(console, method).mockImplementation(collect));
      const code = await runShopCli(words(command.replace("npm run shop -- ", "")), env);
      for (const spy of spies) spy.mockRestore();
      expect(code, `${command}\n${output}`).toBe(0);
    }
  });
});
