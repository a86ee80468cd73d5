import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#api/core/logging.ts";
import { requestLog } from "./request-log.ts";

describe("the request log", () => {
  let server: Server;
  let baseUrl: string;
  const lines: Record<string, unknown>[] = [];
  const waiters: { url: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  const logger = createLogger("info", {
    write: (text: string) => {
      const line = JSON.parse(text) as Record<string, unknown> & { req?: { url?: string } };
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.url === line.req?.url)) waiter.resolve(line);
    },
  });
  /** The request line of a request for `path`, logged as `logged`, once written (pino-http writes it when the answer is finished). */
  const lineOf = async (path: string, logged = path) => {
    const written = new Promise<Record<string, unknown>>((resolve) => waiters.push({ url: logged, resolve }));
    await fetch(`${baseUrl}${path}`);
    return written;
  };

  beforeAll(async () => {
    const log = requestLog(logger);
    // Answers the status the path names: /503 answers 503, /200?token=… 200.
    server = createServer((req, res) =>
      log(req, res, () => {
        res.statusCode = Number(new URL(req.url ?? "/", "http://x").pathname.slice(1));
        res.end();
      }),
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("logs a 503 (the database away for a moment) as one warning without a stack", async () => {
    const line = await lineOf("/503");
    expect(line).toMatchObject({ level: 40, msg: "request completed", res: { status: 503 } });
    expect(line).not.toHaveProperty("err");
    expect(lines.filter((candidate) => (candidate.req as { url?: string } | undefined)?.url === "/503")).toHaveLength(1);
  });

  it("logs a refusal as a warning, another 5xx as an error and a success as info", async () => {
    expect(await lineOf("/404")).toMatchObject({ level: 40, res: { status: 404 } });
    expect(await lineOf("/500")).toMatchObject({ level: 50, msg: "request errored", res: { status: 500 } });
    expect(await lineOf("/200")).toMatchObject({ level: 30, msg: "request completed", res: { status: 200 } });
  });

  const token = "0123456789abcdef0123456789abcdef";
  it.each([
    ["an unsubscribe link's token", `/200?token=${token}`, "/200?token=[redacted]"],
    ["the API's one-click unsubscribe", `/200?x=1&token=${token}&y=2`, "/200?x=1&token=[redacted]&y=2"],
    [
      "a reset code and an access token",
      "/200?email=a&code=493817&access_token=abc.def",
      "/200?email=a&code=[redacted]&access_token=[redacted]",
    ],
    [
      "a link inside a redirectTo, encoded once and twice",
      `/200?redirectTo=%2Funsubscribe%3FToken%3D${token}%26a%3D1&back=%252Fx%253Fcode%253D493817`,
      "/200?redirectTo=%2Funsubscribe%3FToken%3D[redacted]%26a%3D1&back=%252Fx%253Fcode%253D[redacted]",
    ],
    ["no secret", "/200?category=dresses&page=2&key=0b6d", "/200?category=dresses&page=2&key=0b6d"],
  ])("writes a URL holding %s without the secret", async (_what, path, logged) => {
    expect(await lineOf(path, logged)).toMatchObject({ level: 30, req: { url: logged } });
    expect(JSON.stringify(lines)).not.toMatch(/0123456789abcdef|493817|abc\.def/);
  });
});
