import { describe, expect, it } from "vitest";
import { SHOP } from "#contract/shop.ts";
import * as about from "./about.ts";
import * as contact from "./contact.ts";
import * as gettingStarted from "./getting-started.ts";
import * as needSupport from "./need-support.ts";
import * as paymentTerms from "./payment-terms.ts";
import * as product from "./product.ts";
import * as returnExchanges from "./return-exchanges.ts";
import * as termsOfServices from "./terms-of-services.ts";

describe("the shop's e-mail address", () => {
  it("is the one address every page's copy gives shoppers", () => {
    const copy = JSON.stringify([about, contact, gettingStarted, needSupport, paymentTerms, product, returnExchanges, termsOfServices]);
    const addresses = new Set(copy.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g));
    expect([...addresses]).toEqual([SHOP.email]);
  });
});
