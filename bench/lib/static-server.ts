import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/** `node bench/lib/static-server.ts PORT FILE`: answers every request with FILE's bytes, held in memory (the static baseline). */
const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  res.end(body);
}).listen(Number(port), "127.0.0.1");
