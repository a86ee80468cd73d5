import { describe, expect, it } from "vitest";
import { optionLabel } from "./currency-picker.tsx";

describe("optionLabel", () => {
  it("shows the code, then the symbol", () => {
    expect(optionLabel({ code: "EUR", symbol: "€" })).toBe("EUR €");
    expect(optionLabel({ code: "CHF", symbol: "CHF " })).toBe("CHF");
    expect(optionLabel({ code: "AED", symbol: "AED " })).toBe("AED");
    expect(optionLabel({ code: "BHD", symbol: "BD " })).toBe("BHD BD");
  });
});
