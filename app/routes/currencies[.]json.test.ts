import { describe, expect, it } from "vitest";
import { SUPPORTED_CURRENCIES } from "#app/features/currency/currency.ts";
import { loader } from "./currencies[.]json.ts";

describe("/currencies.json", () => {
  it("answers every display currency with its label and name, in the table's order, for any cache to keep a while", async () => {
    const response = loader();
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    const list = await response.json();
    expect(list.map((choice: { code: string }) => choice.code)).toEqual(SUPPORTED_CURRENCIES.map((currency) => currency.code));
    expect(list[0]).toEqual({ code: "GBP", label: "GBP £", name: "British Pound" });
  });
});
