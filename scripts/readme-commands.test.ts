import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertOrder, insertUser } from "#api/catalogue/testing-fixtures.ts";
import { connect } from "#api/db/connect.ts";
import { prepareDatabase } from "#api/db/prepare.ts";
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
/** Each shell line with its continuations joined and its comment dropped; the README's lines need no quoting. */
const commands = blocks("sh")
  .flatMap((block) => block.replace(/\\\n\s*/g, " ").split("\n"))
  .map((line) => line.replace(/\s+#.*$/, "").trim())
  .filter((line) => line.startsWith("npm run shop -- "));
/** The order the README's order:status line names: the demo catalogue has no orders, so one is placed here. */
const README_ORDER = "MN-7K3F-9Q2A";
/** The customer the README's customer:export and customer:erase lines name: the order's. */
const README_CUSTOMER = "amira@example.com";

const cwd = process.cwd();
const dir = mkdtempSync(join(tmpdir(), "shop-readme-"));
beforeAll(async () => {
  mkdirSync(join(dir, "data"));
  const db = connect(`file:${join(dir, "data", "shop.db")}`);
  try {
    await prepareDatabase(db, { seedDemo: true });
    const product = await db.kysely.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
    const orderId = await insertOrder(db, {
      userId: await insertUser(db, README_CUSTOMER),
      createdAt: "2026-11-20T10:00:00.000Z",
      status: "confirmed",
      items: [{ productId: product.id, quantity: 1 }],
    });
    await db.kysely.updateTable("orders").set({ code: README_ORDER }).where("id", "=", orderId).execute();
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
      const code = await runShopCli(command.replace("npm run shop -- ", "").split(/\s+/), env);
      for (const spy of spies) spy.mockRestore();
      expect(code, `${command}\n${output}`).toBe(0);
    }
  });
});
