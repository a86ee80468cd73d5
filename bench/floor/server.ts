import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@react-router/express";
import SQLite from "better-sqlite3";
import compression from "compression";
import express from "express";
import { Hono } from "hono";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { apiContext as ApiContext } from "./app/context.ts";

/**
 * The framework floor: Express with compression, static assets, an in-process Hono API reading one SQLite row
 * and one React Router page. What the shop's pages cost beyond this is the shop's own work.
 */
export async function startFloorServer(port: number): Promise<Server> {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table products (id integer primary key, name text not null, price real not null)");
  sqlite.prepare("insert into products (name, price) values (?, ?)").run("Chiffon abaya", 89.5);
  const byId = sqlite.prepare("select id, name, price from products where id = ?");
  const api = new Hono().basePath("/api").get("/product", (c) => c.json(byId.get(1) as object));

  const build = (await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild;
  const rootModule = build.routes.root?.module as unknown as { apiContext: typeof ApiContext } | undefined;
  if (!rootModule) throw new Error("The floor build has no root route: run react-router build in bench/floor");
  const { apiContext } = rootModule;
  const app = express();
  app.use(compression());
  app.use("/assets", express.static(new URL("./build/client/assets", import.meta.url).pathname, { immutable: true, maxAge: "1y" }));
  // A browser asks for it on its own; the floor has none, and a 404 would be the framework's error page and log.
  app.get("/favicon.ico", (_request, response) => {
    response.status(204).end();
  });
  app.all("/api/{*rest}", getRequestListener(api.fetch));
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      getLoadContext: () => {
        const context = new RouterContextProvider();
        context.set(apiContext, (path) => api.fetch(new Request(`http://internal/api${path}`)));
        return context;
      },
    }),
  );
  const server = createServer(app);
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
  return server;
}

// `node bench/floor/server.ts PORT`: the floor until killed.
if (import.meta.main) await startFloorServer(Number(process.argv[2]));
