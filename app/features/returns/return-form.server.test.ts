import { describe, expect, test } from "vitest";
import { CART_MAX_LINES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { FORM_LIMITS } from "../../forms/form-data.server.ts";
import { fieldOfPath, parseReturnForm, refusedReply } from "./return-form.server.ts";
import { RETURN_FORM_FIELDS } from "./return-form.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("parseReturnForm", () => {
  test("the rows with a quantity become the request's items, in the form's order; rows left at 0 are not returned", () => {
    const parsed = parseReturnForm(
      form({
        "quantity-7": "1",
        "resolution-7": "refund",
        "exchange-7": "",
        "quantity-8": "0",
        "resolution-8": "refund",
        "quantity-9": "2",
        "resolution-9": "exchange",
        "exchange-9": "41",
        reason: "too_small",
      }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      rows: [7, 9],
      request: {
        reason: "too_small",
        items: [
          { order_item_id: 7, quantity: 1, resolution: "refund", exchange_variant_id: undefined },
          { order_item_id: 9, quantity: 2, resolution: "exchange", exchange_variant_id: 41 },
        ],
      },
    });
  });

  test("nothing chosen and no reason: the form's error and the reason's, with what was typed kept", () => {
    const parsed = parseReturnForm(form({ "quantity-7": "0", "resolution-7": "exchange", "exchange-7": "41", reason: "" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.reply.formErrors).toEqual([MSG.returns.nothingChosen]);
    expect(parsed.reply.fieldErrors).toEqual({ reason: [MSG.returns.reasonRequired] });
    expect(parsed.reply.values).toEqual({ "quantity-7": "0", "resolution-7": "exchange", "exchange-7": "41", reason: "" });
  });

  test("an exchange without its size or colour is that row's error, on its own field", () => {
    const parsed = parseReturnForm(
      form({
        "quantity-3": "1",
        "resolution-3": "refund",
        "quantity-5": "1",
        "resolution-5": "exchange",
        "exchange-5": "",
        reason: "faulty",
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.reply.fieldErrors).toEqual({ "exchange-5": [MSG.returns.exchangeVariantRequired] });
    expect(parsed.reply.formErrors).toEqual([]);
  });

  test("a quantity that is not a number is its row's error; fields the form does not have are neither used nor echoed", () => {
    const parsed = parseReturnForm(form({ "quantity-4": "two", "resolution-4": "refund", reason: "faulty", __state__: "x", evil: "1" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.reply.fieldErrors["quantity-4"]).toEqual([MSG.returns.quantityInvalid]);
    expect(Object.keys(parsed.reply.values).sort()).toEqual(["quantity-4", "reason", "resolution-4"]);
  });
});

test("a return of every line of the largest order fits in one post", () => {
  const lines = Array.from({ length: CART_MAX_LINES }, (_, index) => index + 1);
  const names = [
    RETURN_FORM_FIELDS.reason,
    ...lines.flatMap((id) => [RETURN_FORM_FIELDS.quantity(id), RETURN_FORM_FIELDS.resolution(id), RETURN_FORM_FIELDS.exchange(id)]),
  ];
  expect(names.length).toBeLessThanOrEqual(FORM_LIMITS.fields);
  expect(Math.max(...names.map((name) => name.length))).toBeLessThanOrEqual(FORM_LIMITS.nameLength);
});

describe("refusedReply", () => {
  test("the API's details land on the row they name; its other refusals are the form's error", () => {
    const reply = refusedReply(
      { reason: "faulty" },
      [7, 9],
      [
        { path: "items.1.exchange_variant_id", message: MSG.returns.exchangeVariantInvalid },
        { path: "items.0.quantity", message: MSG.returns.tooMany("Silk Abaya", 1) },
        { path: "items", message: MSG.returns.duplicateItem },
      ],
      [MSG.returns.windowClosed],
    );
    expect(reply.fieldErrors).toEqual({
      "exchange-9": [MSG.returns.exchangeVariantInvalid],
      "quantity-7": [MSG.returns.tooMany("Silk Abaya", 1)],
    });
    expect(reply.formErrors).toEqual([MSG.returns.windowClosed, MSG.returns.duplicateItem]);
  });

  test("fieldOfPath: the reason, each row's three fields, and null for anything else", () => {
    expect(fieldOfPath("reason", [])).toBe("reason");
    expect(fieldOfPath("items.0.resolution", [12])).toBe("resolution-12");
    expect(fieldOfPath("items.1.quantity", [12])).toBeNull();
    expect(fieldOfPath("items.0.order_item_id", [12])).toBeNull();
    expect(fieldOfPath("items.0", [12])).toBeNull();
  });
});
