import { describe, expect, it } from "vitest";
import { MSG } from "#contract/messages.ts";
import { LOADING_TEXT_FIELD, overlayText, requestedLoadingText } from "./loading-text.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe("requestedLoadingText", () => {
  it("reads the hidden field of a submission", () => {
    expect(requestedLoadingText(form({ [LOADING_TEXT_FIELD]: MSG.loading.loggingIn }), undefined)).toBe(MSG.loading.loggingIn);
  });

  it("reads navigation state of a link", () => {
    expect(requestedLoadingText(undefined, { loadingText: MSG.loading.products })).toBe(MSG.loading.products);
  });

  it("ignores blank or missing texts", () => {
    expect(requestedLoadingText(form({ [LOADING_TEXT_FIELD]: " " }), { other: 1 })).toBeNull();
    expect(requestedLoadingText(undefined, null)).toBeNull();
  });
});

describe("overlayText", () => {
  it("is null when everything is idle", () => {
    expect(overlayText({ state: "idle" }, [{ state: "idle", formData: form({ [LOADING_TEXT_FIELD]: "x" }) }])).toBeNull();
  });

  it("uses the default text for a plain navigation", () => {
    expect(overlayText({ state: "loading" }, [])).toBe(MSG.loading.default);
  });

  it("prefers the navigation's own text", () => {
    const navigation = { state: "submitting", formData: form({ [LOADING_TEXT_FIELD]: MSG.loading.creatingAccount }) };
    expect(overlayText(navigation, [])).toBe(MSG.loading.creatingAccount);
  });

  it("gives the wishlist its own text on the way there, whichever link leads there", () => {
    expect(overlayText({ state: "loading", pathname: "/wishlist" }, [])).toBe(MSG.wishlist.loading);
    expect(overlayText({ state: "loading", pathname: "/products" }, [])).toBe(MSG.loading.default);
    expect(overlayText({ state: "loading", pathname: "/profile" }, [])).toBe(MSG.loading.authenticating);
  });

  it("covers only fetchers that ask for a text", () => {
    expect(overlayText({ state: "idle" }, [{ state: "submitting", formData: form({ intent: "add" }) }])).toBeNull();
    const cart = { state: "submitting", formData: form({ [LOADING_TEXT_FIELD]: MSG.loading.updatingCart }) };
    expect(overlayText({ state: "idle" }, [cart])).toBe(MSG.loading.updatingCart);
  });
});
