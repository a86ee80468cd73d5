import { createCookie } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_FIT } from "#contract/constants.ts";
import type { CartLine } from "../features/cart/cart.ts";

const OLD_SECRET = "the-secret-before-the-rotation-0123456789";
const NEW_SECRET = "the-secret-after-the-rotation-0123456789a";

/**
 * The storefront's cookie modules as a process started with `secrets` would load them: they read SESSION_SECRET
 * once, at import.
 */
async function storefrontWith(secrets: string) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", secrets);
  return {
    session: await import("./session.server.ts"),
    cart: await import("../features/cart/cart.server.ts"),
    logger: (await import("../lib/logger.server.ts")).logger,
  };
}
afterAll(() => {
  vi.unstubAllEnvs();
});

const requestWith = (cookie: string | null) => new Request("http://shop.test/", { headers: cookie ? { cookie } : {} });
/** The `name=value` part of a Set-Cookie header: what the browser sends back. */
const pair = (setCookie: string) => setCookie.split(";")[0] ?? "";
const scarf: CartLine = { productId: 7, variantId: 70, quantity: 2, fit: DEFAULT_FIT.cart, color: "Pink", size: "One Size" };

/** A shopper's cookies as the release before the rotation set them: a session with an e-mail, and a cart. */
async function cookiesBeforeRotation() {
  const before = await storefrontWith(OLD_SECRET);
  const session = await before.session.getSession(requestWith(null));
  session.set("pendingEmail", "noor@example.com");
  const sessionCookie = pair(await before.session.commitSession(requestWith(null), session));
  const cartCookie = pair((await before.cart.serializeCart(requestWith(null), [scarf])) ?? "");
  return { sessionCookie, cartCookie };
}

describe("rotating SESSION_SECRET (newest first, every one verifies)", () => {
  it("reads the session and the cart signed with the old secret after the rotation", async () => {
    const { sessionCookie, cartCookie } = await cookiesBeforeRotation();
    const after = await storefrontWith(`${NEW_SECRET},${OLD_SECRET}`);
    const request = requestWith(`${sessionCookie}; ${cartCookie}`);

    expect((await after.session.getSession(request)).get("pendingEmail")).toBe("noor@example.com");
    expect(await after.cart.readCart(request)).toEqual([scarf]);
  });

  it("signs new cookies with the newest secret only", async () => {
    const after = await storefrontWith(`${NEW_SECRET},${OLD_SECRET}`);
    const session = await after.session.getSession(requestWith(null));
    session.set("pendingEmail", "noor@example.com");
    const signed = pair(await after.session.commitSession(requestWith(null), session));

    const verifiedBy = (secret: string) => createCookie("__session", { secrets: [secret] }).parse(signed);
    expect(await verifiedBy(NEW_SECRET)).not.toBeNull();
    expect(await verifiedBy(OLD_SECRET)).toBeNull();
  });

  it("refuses, every time, a cookie signed with a secret no longer listed or with one never listed", async () => {
    const { sessionCookie, cartCookie } = await cookiesBeforeRotation();
    const retired = await storefrontWith(NEW_SECRET);
    const warn = vi.spyOn(retired.logger, "warn").mockImplementation(() => undefined);
    const forger = createCookie("__session", { secrets: ["a-secret-the-shop-never-had-0123456789"] });
    const forged = pair(await forger.serialize({ __flash_toasts__: [], token: "stolen" }));

    for (const cookie of [sessionCookie, forged, sessionCookie]) {
      const session = await retired.session.getSession(requestWith(cookie));
      expect([session.get("pendingEmail"), session.get("token")]).toEqual([undefined, undefined]);
    }
    expect(await retired.cart.readCart(requestWith(cartCookie))).toEqual([]);
    expect(warn).toHaveBeenCalledWith({ cookie: "__session" }, expect.stringContaining("SESSION_SECRET"));
    warn.mockRestore();
  });
});
