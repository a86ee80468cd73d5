import type { Page, TestInfo } from "@playwright/test";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import { honeypotFields } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";

/** A fresh address per test and project, so runs never meet each other's sign-ups. */
const uniqueEmail = (testInfo: TestInfo, tag: string) =>
  `${tag}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}@example.com`.toLowerCase();

const contactForm = (page: Page) => page.locator("form.contact-form");

async function fillContact(page: Page, fields: { phone?: string; message: string }) {
  const form = contactForm(page);
  await form.getByLabel("First name").fill("Amira");
  await form.getByLabel("Last name").fill("Khan");
  await form.getByLabel("Email").fill("amira.khan@example.com");
  if (fields.phone) await form.getByLabel("Phone").fill(fields.phone);
  await form.getByLabel("Order number").fill("ORD-1042");
  await form.getByLabel("Subject").selectOption("Product Exchange");
  await form.getByLabel("Message").fill(fields.message);
}

test("the contact page shows the shop's details, the 24/7 promise and a map that loads nothing from elsewhere", async ({ shop, page }) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.hostname !== "127.0.0.1") elsewhere.push(request.url());
  });
  await shop.visit("/contact");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Homepage\s*Contact Us/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  const details = shop.main.locator(".contact-card--details");
  await expect(details.getByRole("link", { name: SHOP.phone })).toBeVisible();
  await expect(details.getByRole("link", { name: SHOP.email })).toBeVisible();
  await expect(details.getByRole("link")).toHaveCount(2 + SHOP.social.length);
  await expect(shop.main.getByText("24/7").first()).toBeVisible();
  await expect(shop.main.getByRole("img", { name: /Illustrated map/ })).toBeVisible();
  await expect(shop.main.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\/search\?query=41%20Green%20Street/,
  );
  await expect(contactForm(page).getByLabel("Subject")).toHaveValue("General Inquiry");
  expect(elsewhere).toEqual([]);
});

test("sends a contact message, then shows the success toast and an empty form", async ({ shop, page }) => {
  await shop.visit("/contact");
  await fillContact(page, { phone: "+44 7700 900123", message: "Could I exchange my abaya for a size M?" });
  await contactForm(page).getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText(MSG.contact.sent)).toBeVisible();
  await expect(page).toHaveURL("/contact");
  const form = contactForm(page);
  await expect(form.getByLabel("First name")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");
  await expect(form.getByLabel("Subject")).toHaveValue("General Inquiry");
});

test("a validation error shows on its field and keeps everything typed", async ({ shop, page }) => {
  await shop.visit("/contact");
  const message = "Please call me back about my order.";
  await fillContact(page, { phone: "call me", message });
  await contactForm(page).getByRole("button", { name: "Send Message" }).click();

  const form = contactForm(page);
  await expect(form.getByText(MSG.contact.phoneInvalid)).toBeVisible();
  await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("First name")).toHaveValue("Amira");
  await expect(form.getByLabel("Email")).toHaveValue("amira.khan@example.com");
  await expect(form.getByLabel("Subject")).toHaveValue("Product Exchange");
  await expect(form.getByLabel("Message")).toHaveValue(message);
  await expect(page.getByText(MSG.contact.sent)).toHaveCount(0);
});

test("subscribes to the newsletter from the home page", async ({ shop, page, javaScriptEnabled }, testInfo) => {
  await shop.visit("/");
  const email = page.getByLabel("E-mail address");
  await email.fill(uniqueEmail(testInfo, "newsletter"));
  await page.getByRole("button", { name: MSG.catalogue.subscribe }).click();

  await expect(page.getByText(MSG.subscribe.subscribed)).toBeVisible();
  await expect(page).toHaveURL("/");
  // With JavaScript the page stays and the input is cleared; without it the redirect brings a fresh page.
  await expect(email).toHaveValue("");
  if (javaScriptEnabled) await expect(email).toBeEnabled();
});

test("the newsletter names a blank or malformed address in the shop's words", async ({
  shop,
  page,
  request,
  javaScriptEnabled,
  baseURL,
}) => {
  if (!javaScriptEnabled) {
    // Without JavaScript the browser's own check runs first; a post that skips it gets the same texts from the server.
    const fields = await honeypotFields(request, "/");
    for (const [value, message] of [
      ["", MSG.subscribe.emailRequired],
      ["not-an-address", MSG.subscribe.invalidEmail],
    ]) {
      const answer = await request.post("/subscribe", {
        form: { ...fields, email: value, redirectTo: "/" },
        // The Origin a browser sends with every form post (the server refuses a post without one).
        headers: { origin: baseURL ?? "" },
      });
      expect(await answer.text()).toContain(message);
    }
    return;
  }
  await shop.visit("/");
  const email = page.getByLabel("E-mail address");
  const subscribe = page.getByRole("button", { name: MSG.catalogue.subscribe });
  // Hydrated, the form takes over the browser's own check (novalidate) and shows the shop's messages.
  await expect(page.locator("form.newsletter__form")).toHaveAttribute("novalidate", "");
  await subscribe.click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.subscribe.emailRequired })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill("not-an-address");
  await subscribe.click();
  await expect(page.getByRole("alert").filter({ hasText: MSG.subscribe.invalidEmail })).toBeVisible();
  await expect(email).toHaveValue("not-an-address");
});
