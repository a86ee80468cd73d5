import { describe, expect, it } from "vitest";
import { COOKIE_LIFETIME_DAYS, cookieMaxAgeSeconds, DEVICE_COOKIE } from "../lib/constants.ts";
import { deviceCookieHeader, readDeviceToken } from "./device-cookie.server.ts";

const TOKEN = `${"n".repeat(22)}.1795000000.${"m".repeat(43)}`;

describe("the device cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site and long-lived; Secure over HTTPS", async () => {
    const overHttps = await deviceCookieHeader(new Request("https://shop.test/signin"), TOKEN);
    expect(overHttps).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(overHttps).toContain("; HttpOnly");
    expect(overHttps).toContain("; SameSite=Lax");
    expect(overHttps).toContain("; Path=/");
    expect(overHttps).toContain("; Secure");
    expect(overHttps).toContain(`; Max-Age=${cookieMaxAgeSeconds(COOKIE_LIFETIME_DAYS.device)}`);
    expect(COOKIE_LIFETIME_DAYS.device).toBe(365);
    expect(await deviceCookieHeader(new Request("http://shop.test/signin"), TOKEN)).not.toContain("Secure");
  });

  it("reads back the token it keeps, and nothing from a cookie that holds something else", async () => {
    const request = (cookie: string) => new Request("http://shop.test/signin", { headers: { cookie } });
    const kept = (await deviceCookieHeader(request(""), TOKEN)).split(";")[0];
    expect(await readDeviceToken(request(`a=1; ${kept}`))).toBe(TOKEN);
    for (const hostile of ["", `${DEVICE_COOKIE}=%%%`, `${DEVICE_COOKIE}=${btoa("{}")}`, `${DEVICE_COOKIE}=${btoa("42")}`]) {
      expect(await readDeviceToken(request(hostile))).toBeUndefined();
    }
  });
});
