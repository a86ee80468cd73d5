import { describe, expect, it } from "vitest";
import { createLogger, emailDigest, withoutEmailAddresses } from "./logging.ts";

describe("e-mail addresses in logs", () => {
  const digest = emailDigest("amira.khan+shop@example.co.uk");

  it("stands for an address by a short digest, the same whatever its case or spacing", () => {
    expect(digest).toMatch(/^email-[0-9a-f]{12}$/);
    expect(emailDigest(" Amira.Khan+shop@Example.CO.UK ")).toBe(digest);
  });

  it.each([
    ["plain text", "mail to amira.khan+shop@example.co.uk failed", `mail to ${digest} failed`],
    ["a query string", "/email-verification?email=amira.khan%2Bshop%40example.co.uk&x=1", `/email-verification?email=${digest}&x=1`],
    [
      "a query string inside a redirectTo",
      "/signin?redirectTo=%2Fprofile%3Fwho%3Damira.khan%252Bshop%2540example.co.uk",
      `/signin?redirectTo=%2Fprofile%3Fwho%3D${digest}`,
    ],
  ])("replaces an address in %s", (_where, line, expected) => {
    expect(withoutEmailAddresses(line)).toBe(expected);
  });

  it("leaves lines without an address alone", () => {
    const line = '{"msg":"shop listening on http://localhost:3000","pkg":"@react-router/dev@8.4.0"}';
    expect(withoutEmailAddresses(line)).toBe(line);
  });

  it("applies to every line the shop's logger writes, nested fields and errors included", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    logger.child({ req: { url: "/email-verification?email=amira.khan%2Bshop%40example.co.uk" } }).warn("slow");
    logger.error({ err: new Error("no mailbox for <amira.khan+shop@example.co.uk>") }, "mail delivery failed");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toMatch(/amira/i);
      expect(line).toContain(digest);
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});
