import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readCart } from "../features/cart/cart.server.ts";
import { logger } from "../lib/logger.server.ts";
import { commitSession, flashToast, getSession, MAX_FLASH_TOASTS, redirectWithToasts, takeToasts } from "./session.server.ts";

const requestWith = (cookie: string | null) => new Request("http://shop.test/", { headers: cookie ? { cookie } : {} });
/** The `name=value` part of a Set-Cookie header. */
const pair = (setCookie: string) => setCookie.split(";")[0] ?? "";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("cookies signed with another secret", () => {
  it("stays quiet for no cookie, a cookie of its own and cookies it does not sign", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const session = await getSession(requestWith(null));
    session.set("pendingEmail", "noor@example.com");
    const own = pair(await commitSession(requestWith(null), session));

    expect((await getSession(requestWith(`${own}; preferredCurrency=USD; x__session=1`))).get("pendingEmail")).toBe("noor@example.com");
    await readCart(requestWith("other=1"));
    expect(warn).not.toHaveBeenCalled();
  });

  it("are refused and logged once per process at warn, however many arrive", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const otherInstance = createCookie("__session", { secrets: ["the-secret-of-another-instance-0123456789"] });
    const foreign = pair(await otherInstance.serialize({ token: "from-elsewhere" }));

    const [session] = await Promise.all([
      getSession(requestWith(foreign)),
      getSession(requestWith(foreign)),
      readCart(requestWith(`__cart=${foreign.split("=")[1]}`)),
    ]);
    expect(session.get("token")).toBeUndefined();

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ cookie: "__session" }, expect.stringContaining("SESSION_SECRET"));
  });
});

describe("flash toasts", () => {
  const sessionOf = async (setCookie: string) => getSession(requestWith(pair(setCookie)));

  it("queue in order, up to the limit, keeping the newest", async () => {
    const session = await getSession(requestWith(null));
    for (const message of ["one", "two", "three", "four"]) flashToast(session, "info", message);
    const next = await sessionOf(await commitSession(requestWith(null), session));
    expect(takeToasts(next).map((toast) => toast.message)).toEqual(["two", "three", "four"].slice(-MAX_FLASH_TOASTS));
  });

  it("are shown once: reading them consumes them", async () => {
    const response = await redirectWithToasts(requestWith(null), "/next", [
      { type: "success", message: "first" },
      { type: "info", message: "second" },
    ]);
    const next = await sessionOf(response.headers.get("set-cookie") ?? "");
    expect(takeToasts(next)).toMatchObject([
      { type: "success", message: "first" },
      { type: "info", message: "second" },
    ]);
    const after = await sessionOf(await commitSession(requestWith(null), next));
    expect(takeToasts(after)).toEqual([]);
  });
});
