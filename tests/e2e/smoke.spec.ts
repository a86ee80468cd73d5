import { expect, test } from "@playwright/test";

test("ready", async ({ request }) => {
  expect((await request.get("/readyz")).status()).toBe(200);
});
