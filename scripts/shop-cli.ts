/** Operator commands: `npm run shop -- <command>` against DATABASE_URL (default data/shop.db). */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "kysely";
import { connect, type Db } from "#api/db/connect.ts";
import { prepareDatabase } from "#api/db/prepare.ts";

const USAGE = `Usage: npm run shop -- <command>

  migrate         bring the database schema up to date
  seed            migrate, then seed the demo catalogue if the database is empty
  backup <file>   write a consistent copy of the SQLite database to <file> (PostgreSQL: use pg_dump)
  stats           count products, variants, users and orders
  help, --help    show this text

The database is DATABASE_URL (default data/shop.db).`;

type Command = (db: Db, args: string[]) => Promise<number>;

const commands: Record<string, Command> = {
  async migrate(db) {
    await prepareDatabase(db, { seedDemo: false });
    console.log("Database is up to date.");
    return 0;
  },

  async seed(db) {
    const { seeded } = await prepareDatabase(db, { seedDemo: true });
    console.log(seeded ? "Seeded the demo catalogue." : "The catalogue is not empty; nothing seeded.");
    return 0;
  },

  async backup(db, [file]) {
    if (!file) {
      console.error("backup needs a target file: npm run shop -- backup <file>");
      return 2;
    }
    if (db.dialect === "postgres") {
      console.error(
        'This is a PostgreSQL database: back it up with pg_dump, e.g. pg_dump --format=custom --file=shop.dump "$DATABASE_URL".',
      );
      return 1;
    }
    const target = resolve(file);
    if (existsSync(target)) {
      console.error(`${target} already exists; choose a new file.`);
      return 1;
    }
    // VACUUM INTO writes a consistent, compacted snapshot while other connections keep reading and writing.
    await sql`VACUUM INTO ${target}`.execute(db.kysely);
    console.log(`Backed up to ${target}.`);
    return 0;
  },

  async stats(db) {
    const count = async (table: "products" | "product_variants" | "users" | "orders") =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    console.table({
      products: await count("products"),
      variants: await count("product_variants"),
      users: await count("users"),
      orders: await count("orders"),
    });
    return 0;
  },
};

const HELP = new Set(["help", "--help", "-h"]);
const [name = "help", ...args] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  if (HELP.has(name)) {
    console.log(USAGE);
    process.exit(0);
  }
  console.error(`Unknown command "${name}".\n\n${USAGE}`);
  process.exit(2);
}
const db = connect(process.env.DATABASE_URL);
try {
  process.exitCode = await command(db, args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
