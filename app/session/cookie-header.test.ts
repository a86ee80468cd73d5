import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookie-header.ts";

describe("cookieValue", () => {
  it("finds a cookie by its whole name, trimmed, the first sent counting", () => {
    expect(cookieValue(" lb = node-2 ; __cart=a%3D.b; __cart=c", "__cart")).toBe("a%3D.b");
    expect(cookieValue("lb=node-2", "lb")).toBe("node-2");
    expect(cookieValue("x__cart=a", "__cart")).toBeUndefined();
  });

  it("tells a cookie sent empty from one not sent", () => {
    expect(cookieValue("__cart=", "__cart")).toBe("");
    expect(cookieValue("__cart;lb=1", "__cart")).toBeUndefined();
    expect(cookieValue(null, "__cart")).toBeUndefined();
    expect(cookieValue(undefined, "__cart")).toBeUndefined();
  });
});
