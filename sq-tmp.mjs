import SQLite from "better-sqlite3";
const db = new SQLite("/tmp/cat4/sqlite/catalogue-100000.db", { readonly: true });
const qs = {
  bm25_1000: `SELECT rowid AS id, -bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH '"dress"*' ORDER BY rowid DESC LIMIT 1000`,
  bm25_10: `SELECT rowid AS id, -bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH '"dress"*' ORDER BY rowid DESC LIMIT 10`,
  norank: `SELECT rowid AS id FROM products_fts WHERE products_fts MATCH '"dress"*' ORDER BY rowid DESC LIMIT 1000`,
  bm25_chiffon10: `SELECT rowid AS id, -bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH '"chiffon"*' ORDER BY rowid DESC LIMIT 10`,
  vocab: `SELECT count(*) FROM products_fts WHERE products_fts MATCH '"dress"*'`,
};
for (const [name, q] of Object.entries(qs)) {
  const st = db.prepare(q);
  for (let i = 0; i < 10; i++) st.all();
  const t = [];
  for (let i = 0; i < 60; i++) { const s = performance.now(); st.all(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(name.padEnd(16), t[30].toFixed(2), t[57].toFixed(2));
}
