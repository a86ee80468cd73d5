import SQLite from "better-sqlite3";
const db = new SQLite("/tmp/cat4/prefix.db");
let s = performance.now();
db.exec(`CREATE VIRTUAL TABLE fts_p USING fts5(name, search_text, content='products_searchable', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8')`);
db.exec(`INSERT INTO fts_p(fts_p) VALUES ('rebuild')`);
console.log("rebuild ms", performance.now() - s);
console.log(db.prepare("select count(*) c from products_fts where products_fts match 'dress*'").get(), db.prepare("select page_count*page_size/1e6 mb from pragma_page_count, pragma_page_size").get());
const qs = {
  old: `SELECT rowid AS id, -bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH '"dress"*' ORDER BY rowid DESC LIMIT 1000`,
  prefixidx: `SELECT rowid AS id, -bm25(fts_p, 10.0, 1.0) AS rank FROM fts_p WHERE fts_p MATCH '"dress"*' ORDER BY rowid DESC LIMIT 1000`,
  old_ch: `SELECT rowid AS id, -bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH '"chiffon"*' ORDER BY rowid DESC LIMIT 1000`,
  prefix_ch: `SELECT rowid AS id, -bm25(fts_p, 10.0, 1.0) AS rank FROM fts_p WHERE fts_p MATCH '"chiffon"*' ORDER BY rowid DESC LIMIT 1000`,
  old_two: `SELECT rowid AS id, -bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH '"silk"* "aba"*' ORDER BY rowid DESC LIMIT 1000`,
  prefix_two: `SELECT rowid AS id, -bm25(fts_p, 10.0, 1.0) AS rank FROM fts_p WHERE fts_p MATCH '"silk"* "aba"*' ORDER BY rowid DESC LIMIT 1000`,
};
for (const [name, q] of Object.entries(qs)) {
  const st = db.prepare(q);
  for (let i = 0; i < 10; i++) st.all();
  const t = [];
  for (let i = 0; i < 60; i++) { const s = performance.now(); st.all(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(name.padEnd(16), t[30].toFixed(2), t[57].toFixed(2), JSON.stringify(st.all().slice(0,3)));
}
