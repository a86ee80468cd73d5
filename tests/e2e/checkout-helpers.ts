import type { Page } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { expect } from "./fixtures.ts";

/** Checkout steps that specs share (checkout, stripe-checkout). */

/** From the cart through the address step (adding the first address) and shipping to the payment step. */
export async function toPaymentStep(page: Page) {
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(MSG.checkout.needAddress)).toBeVisible();
  await page.getByLabel("Label").fill("Home");
  await page.getByLabel("Address line 1").fill("41 Green Street");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("E7 8DA");
  await page.getByLabel("Phone").fill("07700 900123");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expect(page).toHaveURL(/\/checkout\?step=address&address=\d+$/);
  await expect(page.getByRole("radio", { name: /Home/ })).toBeChecked();
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await expect(page).toHaveURL(/step=shipping&address=\d+/);
  await expect(page.getByText("Regular shipment")).toBeVisible();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment&address=\d+/);
  // Every order is billed to its shipping address: the spec's option is shown ticked, and cannot be unticked.
  await expect(page.getByRole("checkbox", { name: MSG.payment.sameAsBillingLabel })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: MSG.payment.sameAsBillingLabel })).toBeDisabled();
  await expect(page.getByText(MSG.payment.billingIsShipping)).toBeVisible();
  // The method tabs are tabs, not underlined links.
  for (const tab of await page.getByRole("navigation", { name: "Payment method" }).getByRole("link").all()) {
    await expect(tab).toHaveCSS("text-decoration-line", "none");
  }
}
