import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SHIPPING_METHOD } from "#contract/constants.ts";
import { DELIVERY_TERMS } from "#contract/delivery.ts";

/**
 * The shop charges one flat delivery price (DELIVERY_TERMS, from SHIPPING_METHOD): no line of its copy may promise
 * free delivery or name another delivery price. The scan reads the sources the shopper's texts come from: the page
 * copy, the routes (page meta descriptions), the components, the messages catalogue, the delivery terms, the
 * storefront's constants (the top bar) and the e-mail templates.
 */
const COPY_SOURCES = [
  "app/content",
  "app/routes",
  "app/features",
  "app/ui",
  "app/lib/constants.ts",
  "contract/messages",
  "contract/delivery.ts",
  "contract/shop.ts",
  "api/mail/templates.ts",
];

const DELIVERY_WORD = /\b(deliver(y|ies|ed)?|shipping|shipment|postage|dispatch)\b/i;
const FREE_DELIVERY =
  /\bfree\b[^.;"'`\n]{0,40}\b(deliver(y|ies)?|shipping|postage)\b|\b(deliver(y|ies)?|shipping|postage)\s+(is\s+)?(always\s+)?free\b/gi;
const AMOUNT = /(?:£|GBP\s?)\s?(\d+(?:\.\d{1,2})?)|(\d+(?:\.\d{1,2})?)\s?(?:GBP|pounds)\b/gi;

/** The figures DELIVERY_TERMS' price may be written as: £5.00 or £5. */
const allowedFigures = new Set([(SHIPPING_METHOD.pricePence / 100).toFixed(2), String(SHIPPING_METHOD.pricePence / 100)]);

/** A free-delivery phrase, unless it is about a return's postage ("Is return shipping free?"). */
function promisesFreeDelivery(line: string): boolean {
  return [...line.matchAll(FREE_DELIVERY)].some((match) => !/\breturns?\s*$/i.test(line.slice(0, match.index)));
}

/** The lines of `text` (comments aside) that promise free delivery or name a delivery price other than DELIVERY_TERMS'. */
function deliveryClaims(text: string): string[] {
  return text.split("\n").filter((line) => {
    if (/^\s*(\/\/|\/?\*)/.test(line)) return false;
    if (promisesFreeDelivery(line)) return true;
    if (!DELIVERY_WORD.test(line)) return false;
    return [...line.matchAll(AMOUNT)].some(([, before, after]) => !allowedFigures.has(String(before ?? after)));
  });
}

function sourceFiles(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("delivery claims in the copy", () => {
  it("finds free delivery and other delivery prices, and lets DELIVERY_TERMS' price through", () => {
    expect(deliveryClaims("modest fashion with free UK delivery terms.")).toHaveLength(1);
    expect(deliveryClaims("FREE DELIVERY ON ALL ORDERS IN UK - TERMS APPLY")).toHaveLength(1);
    expect(deliveryClaims("free standard delivery over £50")).toHaveLength(1);
    expect(deliveryClaims("express delivery £5.99")).toHaveLength(1);
    expect(deliveryClaims("Shipping: 4.95 GBP")).toHaveLength(1);
    expect(deliveryClaims("Delivery is free on every UK order.")).toHaveLength(1);
    expect(deliveryClaims("Is return shipping free?")).toEqual([]);
    for (const text of Object.values(DELIVERY_TERMS)) expect(deliveryClaims(text)).toEqual([]);
    expect(deliveryClaims("Every return is free: we e-mail you a prepaid return label.")).toEqual([]);
  });

  it("no storefront or e-mail text promises free delivery or another price than DELIVERY_TERMS'", () => {
    const found = COPY_SOURCES.flatMap(sourceFiles).flatMap((file) =>
      deliveryClaims(readFileSync(file, "utf8")).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
