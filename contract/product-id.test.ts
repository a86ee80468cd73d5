import { describe, expect, it } from "vitest";
import { decodeProductId, encodeProductId } from "#contract/product-id.ts";

const b64url = (text: string) => Buffer.from(text, "latin1").toString("base64url");

describe("encodeProductId", () => {
  it("encodes prod_{id}_{suffix} as base64url without padding", () => {
    const token = encodeProductId(42);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, "base64url").toString("latin1")).toMatch(/^prod_42_[a-z0-9]{6}$/);
  });

  it("is deterministic and distinct per id", () => {
    expect(encodeProductId(7)).toBe(encodeProductId(7));
    const tokens = new Set(Array.from({ length: 500 }, (_, i) => encodeProductId(i + 1)));
    expect(tokens.size).toBe(500);
  });

  it("round-trips small and large ids", () => {
    for (const id of [1, 9, 10, 12345, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      expect(decodeProductId(encodeProductId(id))).toBe(id);
    }
  });

  it("refuses ids that are not positive safe integers", () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, Number.POSITIVE_INFINITY]) {
      expect(() => encodeProductId(id)).toThrow(RangeError);
    }
  });
});

describe("decodeProductId", () => {
  it("accepts purely numeric ids", () => {
    expect(decodeProductId("1")).toBe(1);
    expect(decodeProductId("123")).toBe(123);
    expect(decodeProductId("007")).toBe(7);
  });

  it("accepts any alphanumeric suffix, not only our own", () => {
    expect(decodeProductId(b64url("prod_15_x"))).toBe(15);
    expect(decodeProductId(b64url("prod_15_AbC123"))).toBe(15);
  });

  it("accepts padded and unpadded encodings", () => {
    const text = "prod_5_abcd"; // 11 bytes: one '=' of padding in standard base64
    const standard = Buffer.from(text).toString("base64");
    expect(standard.endsWith("=")).toBe(true);
    expect(decodeProductId(standard)).toBe(5);
    expect(decodeProductId(standard.replace(/=+$/, ""))).toBe(5);
  });

  it("rejects zero, negative and unsafe numbers", () => {
    expect(decodeProductId("0")).toBeNull();
    expect(decodeProductId("-3")).toBeNull();
    expect(decodeProductId("99999999999999999999")).toBeNull();
    expect(decodeProductId(b64url("prod_0_abc"))).toBeNull();
    expect(decodeProductId(b64url("prod_-4_abc"))).toBeNull();
    expect(decodeProductId(b64url("prod_99999999999999999999_abc"))).toBeNull();
  });

  it("rejects tokens that do not follow the pattern", () => {
    for (const text of [
      "prod_12",
      "prod_12_",
      "prod__abc",
      "product_12_abc",
      "prod_12_ab-c",
      "prod_1.5_abc",
      " prod_12_abc",
      "prod_12_abc\n",
    ]) {
      expect(decodeProductId(b64url(text))).toBeNull();
    }
  });

  it("rejects garbage", () => {
    for (const param of ["", "abc", "12abc", "1e3", "1.0", " 12", "%%%", "====", "a", "cHJvZF8xMl9hYmM===", "🙂", "x".repeat(500)]) {
      expect(decodeProductId(param)).toBeNull();
    }
    expect(decodeProductId(undefined)).toBeNull();
    expect(decodeProductId(null)).toBeNull();
  });
});
