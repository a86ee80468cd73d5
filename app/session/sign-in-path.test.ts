import { describe, expect, it } from "vitest";
import { signInUrlFor } from "./sign-in-path.ts";

describe("signInUrlFor", () => {
  it("remembers the page and its query to come back to", () => {
    expect(signInUrlFor("/products?category=Maxi+Dresses&page=2")).toBe(
      "/signin?redirectTo=%2Fproducts%3Fcategory%3DMaxi%2BDresses%26page%3D2",
    );
    expect(signInUrlFor("/product/abc")).toBe("/signin?redirectTo=%2Fproduct%2Fabc");
  });

  it("leaves out home and the screens of signing in and up", () => {
    expect(signInUrlFor("/")).toBe("/signin");
    for (const screen of ["/signin", "/signin?redirectTo=%2Fcart", "/signup", "/email-verification", "/otp-verification"]) {
      expect(signInUrlFor(screen), screen).toBe("/signin");
    }
  });
});
