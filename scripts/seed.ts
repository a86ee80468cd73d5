/**
 * Fills the database for benchmarks: `npm run seed -- --products 100000`.
 * Migrates DATABASE_URL (default data/shop.db), seeds the demo catalogue if empty,
 * then adds synthetic products until the catalogue holds the asked number.
 */
import { parseArgs } from "node:util";
import { connect } from "#api/db/connect.ts";
import { prepareDatabase } from "#api/db/prepare.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";

const USAGE = `Usage: npm run seed -- [--products N]

Migrates DATABASE_URL (default data/shop.db), seeds the demo catalogue when the database is empty, then adds
synthetic products until the catalogue holds N products (N a whole number; default: no synthetic products).`;

function parseOptions(): { products: number } | undefined {
  try {
    const { values } = parseArgs({ options: { products: { type: "string" }, help: { type: "boolean", short: "h" } } });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const products = values.products === undefined ? 0 : Number(values.products);
    return Number.isSafeInteger(products) && products >= 0 ? { products } : undefined;
  } catch {
    return undefined;
  }
}

const options = parseOptions();
if (!options) {
  console.error(USAGE);
  process.exit(2);
}

const db = connect(process.env.DATABASE_URL);
try {
  const started = performance.now();
  if ((await prepareDatabase(db, { seedDemo: true })).seeded) console.log("Seeded the demo catalogue.");
  if (options.products > 0) {
    const added = await seedSyntheticProducts(db, options.products, {
      onProgress: (count, total) => process.stdout.write(`\r${count} / ${total} products`),
    });
    if (added > 0) process.stdout.write("\n");
    console.log(`Added ${added} synthetic products.`);
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await db.close();
}
