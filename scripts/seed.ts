/**
 * Fills the database for benchmarks: `npm run seed -- --products 100000`.
 * Migrates DATABASE_URL (default data/shop.db), seeds the demo catalogue if empty,
 * then adds synthetic products until the catalogue holds the asked number.
 */
import { parseArgs } from "node:util";
import { connect } from "#api/db/connect.ts";
import { migrateToLatest } from "#api/db/migrate.ts";
import { seedDemoIfEmpty } from "#api/db/seed/demo.ts";
import { seedSyntheticProducts } from "#api/db/seed/synthetic.ts";

const { values } = parseArgs({ options: { products: { type: "string" } } });
const target = values.products === undefined ? 0 : Number(values.products);
if (!Number.isSafeInteger(target) || target < 0) {
  console.error("Usage: npm run seed -- [--products N]   (N a whole number of products)");
  process.exit(2);
}

const db = connect(process.env.DATABASE_URL);
try {
  const started = performance.now();
  await migrateToLatest(db);
  if (await seedDemoIfEmpty(db)) console.log("Seeded the demo catalogue.");
  if (target > 0) {
    const added = await seedSyntheticProducts(db, target, {
      onProgress: (count, total) => process.stdout.write(`\r${count} / ${total} products`),
    });
    if (added > 0) process.stdout.write("\n");
    console.log(`Added ${added} synthetic products.`);
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await db.close();
}
