import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { MAIL_LOGO } from "#api/mail/layout.ts";
import { renderMail } from "#api/mail/templates.ts";
import { mailSamples } from "#api/testing/mail-samples.ts";
import { expect, test } from "./fixtures.ts";

const SHOP_URL = process.env.E2E_BASE_URL ?? "";

/**
 * A webmail's page: the HTML part alone, on another origin than the shop's, on this machine (a page from the
 * network may not load from loopback, where the shop under test is).
 */
let webmail: { url: string; show(html: string): void; close(): Promise<void> };
test.beforeAll(async () => {
  let message = "";
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(message);
  });
  server.listen(0, "localhost");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  webmail = {
    url: `http://localhost:${port}/`,
    show: (html) => {
      message = html;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
});
test.afterAll(() => webmail.close());

/** A phone (which honours the viewport meta, as phones' mail apps do), and a desktop. */
const SCREENS = [
  { width: 390, isMobile: true },
  { width: 1440, isMobile: false },
] as const;

/**
 * Each kind of e-mail drawn as a mail client draws it: the HTML part alone in a page of another origin (`webmail`), its
 * pictures fetched from the shop under test (PUBLIC_URL there is the server's address). A full-page screenshot of
 * each goes to the test's output folder, to be looked at.
 */
for (const screen of SCREENS) {
  test.describe(`e-mails at ${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: 900 }, isMobile: screen.isMobile, hasTouch: screen.isMobile });

    for (const sample of mailSamples(SHOP_URL)) {
      test(`${sample.template}: as wide as the screen, text of 14 px or more, every picture loaded`, async ({ page }, testInfo) => {
        const mail = renderMail(sample.template, sample.data as never);
        // Webmail shows the message in its own page: pictures come from the shop across origins.
        webmail.show(mail.html);
        await page.goto(webmail.url);

        const layout = await page.evaluate(() => {
          const scroller = document.scrollingElement ?? document.documentElement;
          // Every element that holds text of its own, and the size it is drawn at.
          const sizes = [...document.body.querySelectorAll("*")]
            .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()))
            .map((element) => Number.parseFloat(getComputedStyle(element).fontSize));
          return {
            scrollWidth: scroller.scrollWidth,
            innerWidth: window.innerWidth,
            bodyText: Number.parseFloat(getComputedStyle(document.querySelector("p") ?? document.body).fontSize),
            smallest: Math.min(...sizes),
            images: [...document.images].map((image) => ({
              src: image.src,
              alt: image.alt,
              loaded: image.complete && image.naturalWidth > 0,
            })),
          };
        });
        await page.screenshot({ path: testInfo.outputPath(`${sample.template}-${screen.width}.png`), fullPage: true });
        // Laid out at the screen's width (without the viewport meta a phone lays it out 980 px wide and shrinks it).
        expect(layout.innerWidth).toBe(screen.width);
        expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
        expect(layout.bodyText).toBeGreaterThanOrEqual(16);
        expect(layout.smallest).toBeGreaterThanOrEqual(14);
        expect(layout.images[0]).toMatchObject({ src: expect.stringMatching(new RegExp(`${MAIL_LOGO.path}$`)), loaded: true });
        expect(layout.images.slice(1).map((image) => new URL(image.src).pathname)).toEqual(sample.thumbnails);
        for (const image of layout.images) expect(image, image.src).toMatchObject({ loaded: true, alt: expect.stringMatching(/\S/) });
      });
    }
  });
}
