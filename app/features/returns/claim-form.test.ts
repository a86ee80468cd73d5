import { describe, expect, it } from "vitest";
import { MSG } from "#contract/messages.ts";
import { shopperIssueText } from "#contract/schemas/issue-texts.ts";
import { claimRequestSchema } from "#contract/schemas/returns.ts";
import { claimFormErrors, claimFormValues, claimQuantityField, claimRequestOf } from "./claim-form.ts";

const form = (entries: [string, string][]) => {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
};

const parse = (formData: FormData) => {
  const request = claimRequestOf(claimFormValues(formData));
  return { request, parsed: claimRequestSchema.safeParse(request, { error: shopperIssueText }) };
};

describe("the claim form", () => {
  it("claims the items given a quantity, with the reason, outcome, goods-back box and note", () => {
    const { parsed } = parse(
      form([
        ["intent", "claim"],
        [claimQuantityField(11), "2"],
        [claimQuantityField(12), ""],
        [claimQuantityField(13), "0"],
        [claimQuantityField(14), " 1 "],
        ["reason", "never_arrived"],
        ["outcome", "replacement"],
        ["note", "Phoned on Monday"],
      ]),
    );
    expect(parsed.data).toEqual({
      reason: "never_arrived",
      outcome: "replacement",
      goods_back: false,
      note: "Phoned on Monday",
      items: [
        { order_item_id: 11, quantity: 2 },
        { order_item_id: 14, quantity: 1 },
      ],
    });
    const withGoods = parse(
      form([
        [claimQuantityField(11), "1"],
        ["reason", "damaged"],
        ["outcome", "refund"],
        ["goods_back", "on"],
      ]),
    );
    expect(withGoods.parsed.data).toMatchObject({ goods_back: true, note: undefined, items: [{ order_item_id: 11, quantity: 1 }] });
  });

  it("keeps what was typed, bounded, and reads no field it does not know", () => {
    const values = claimFormValues(
      form([
        [claimQuantityField(7), "three"],
        ["quantity-", "1"],
        ["quantity-x", "1"],
        ["note", "n".repeat(5000)],
        ["reason", "r".repeat(100)],
      ]),
    );
    expect(values.quantities).toEqual({ "7": "three" });
    expect(values.note).toHaveLength(2000);
    expect(values.reason).toHaveLength(64);
    expect(values.outcome).toBe("");
    expect(values.goods_back).toBe(false);
  });

  it("puts a quantity's mistake on its item and the others on their fields", () => {
    const { request, parsed } = parse(
      form([
        [claimQuantityField(5), "1"],
        [claimQuantityField(9), "1.5"],
      ]),
    );
    if (parsed.success) throw new Error("a half unit and no reason were accepted");
    expect(claimFormErrors(parsed.error, request)).toEqual({
      reason: [MSG.adminReturns.claimReasonRequired],
      outcome: [MSG.adminReturns.claimOutcomeRequired],
      quantities: { "9": [MSG.returns.quantityInvalid] },
    });
  });

  it("says so when no item was given a quantity", () => {
    const { request, parsed } = parse(
      form([
        [claimQuantityField(5), "0"],
        ["reason", "damaged"],
        ["outcome", "refund"],
      ]),
    );
    if (parsed.success) throw new Error("a claim of nothing was accepted");
    expect(claimFormErrors(parsed.error, request)).toEqual({ items: [MSG.returns.nothingChosen] });
  });
});
