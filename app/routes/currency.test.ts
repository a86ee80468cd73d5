import { beforeAll, describe, expect, it, vi } from "vitest";
import { CURRENCY_CHOICES } from "#app/features/currency/currency.ts";

// session.server.ts reads its secret at import time: give it one so no file is written.
vi.stubEnv("SESSION_SECRET", "currency-route-test-secret-0123456789");
let route: typeof import("./currency.tsx");
let session: typeof import("#app/session/session.server.ts");
beforeAll(async () => {
  route = await import("./currency.tsx");
  session = await import("#app/session/session.server.ts");
});

async function post(fields: Record<string, string>, origin = "http://shop.test") {
  const request = new Request(`${origin}/currency`, { method: "POST", body: new URLSearchParams(fields) });
  const response = await route.action({ request, params: {}, context: {} } as never);
  return response as Response;
}

async function savedCurrency(response: Response) {
  const setCookie = response.headers.get("set-cookie");
  if (!setCookie) return null;
  return session.readCurrency(new Request("http://shop.test/", { headers: { cookie: setCookie.split(";")[0] ?? "" } }));
}

describe("/currency", () => {
  it("saves a supported currency and returns to the page it was chosen on", async () => {
    const response = await post({ currency: "usd", redirectTo: "/products?page=2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/products?page=2");
    expect(await savedCurrency(response)).toBe("USD");
  });

  it("marks the cookie Secure exactly when the session's would be (COOKIE_SECURE auto: the request's scheme)", async () => {
    const overHttps = (await post({ currency: "USD", redirectTo: "/" }, "https://shop.test")).headers.get("set-cookie") ?? "";
    const overHttp = (await post({ currency: "USD", redirectTo: "/" })).headers.get("set-cookie") ?? "";
    expect(overHttps).toMatch(/; Secure/);
    expect(overHttp).not.toMatch(/; Secure/);
    const https = new Request("https://shop.test/");
    expect((await session.commitSession(https, await session.getSession(https))).includes("; Secure")).toBe(true);
  });

  it("changes nothing for an unsupported or missing currency", async () => {
    const submissions: Record<string, string>[] = [{ currency: "XYZ", redirectTo: "/cart" }, { redirectTo: "/cart" }];
    for (const fields of submissions) {
      const response = await post(fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/cart");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", ""])("returns home instead of to %j", async (redirectTo) => {
    const response = await post({ currency: "EUR", redirectTo });
    expect(response.headers.get("location")).toBe("/");
    expect(await savedCurrency(response)).toBe("EUR");
  });

  async function page(query: string, cookie = "") {
    const request = new Request(`http://shop.test/currency${query}`, { headers: { cookie } });
    return route.loader({ request, params: {}, context: {} } as never);
  }

  it("shows the currency page with the saved currency and the page to return to", async () => {
    const saved = await post({ currency: "EUR", redirectTo: "/" });
    const cookie = (saved.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(await page(`?redirectTo=${encodeURIComponent("/products?page=2")}`, cookie)).toEqual({
      choices: CURRENCY_CHOICES,
      current: "EUR",
      redirectTo: "/products?page=2",
    });
  });

  it.each(["", "?redirectTo=https%3A%2F%2Fevil.example%2F", "?redirectTo=%2F%2Fevil.example"])(
    "offers to return home, pounds in force, for %j",
    async (query) => {
      expect(await page(query)).toMatchObject({ current: "GBP", redirectTo: "/" });
    },
  );
});
