import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEVICE_TOKEN_TTL_MS } from "#contract/constants.ts";
import { signDeviceToken, verifyDeviceToken } from "./device-tokens.ts";

const key = randomBytes(32);
const now = new Date("2026-11-22T10:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("device tokens", () => {
  it("verify for the e-mail they were issued for, naming the device by its nonce", () => {
    const token = signDeviceToken(key, "amira@example.com", now);
    expect(token).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/);
    expect(verifyDeviceToken(key, token, "amira@example.com", later(1000))).toBe(token.split(".")[0]);
    expect(signDeviceToken(key, "amira@example.com", now).split(".")[0]).not.toBe(token.split(".")[0]);
  });

  it("do not carry the e-mail, and do not verify for another account or under another key", () => {
    const token = signDeviceToken(key, "amira@example.com", now);
    expect(token).not.toContain("amira");
    expect(verifyDeviceToken(key, token, "other@example.com", now)).toBeNull();
    expect(verifyDeviceToken(randomBytes(32), token, "amira@example.com", now)).toBeNull();
  });

  it("refuse any changed part", () => {
    const token = signDeviceToken(key, "amira@example.com", now);
    const [nonce, issued, mac] = token.split(".");
    const flip = (part: string) => (part[0] === "A" ? "B" : "A") + part.slice(1);
    for (const forged of [`${flip(nonce)}.${issued}.${mac}`, `${nonce}.${Number(issued) - 1}.${mac}`, `${nonce}.${issued}.${flip(mac)}`]) {
      expect(verifyDeviceToken(key, forged, "amira@example.com", now)).toBeNull();
    }
  });

  it("end after their lifetime, and are not taken from the future", () => {
    const token = signDeviceToken(key, "amira@example.com", now);
    expect(verifyDeviceToken(key, token, "amira@example.com", later(DEVICE_TOKEN_TTL_MS))).not.toBeNull();
    expect(verifyDeviceToken(key, token, "amira@example.com", later(DEVICE_TOKEN_TTL_MS + 1000))).toBeNull();
    expect(verifyDeviceToken(key, token, "amira@example.com", later(-5 * 60 * 1000))).toBeNull();
  });

  it("answer null, never throw, for anything that is not a token", () => {
    const token = signDeviceToken(key, "amira@example.com", now);
    for (const hostile of [
      undefined,
      "",
      "a.b.c",
      `${token}.`,
      ` ${token}`,
      token.replace(/\./g, ","),
      "x".repeat(100_000),
      `${"A".repeat(22)}.9999999999999.${"A".repeat(43)}`,
    ]) {
      expect(verifyDeviceToken(key, hostile, "amira@example.com", now)).toBeNull();
    }
  });
});
