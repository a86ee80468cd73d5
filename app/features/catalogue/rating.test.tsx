import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Stars } from "./rating.tsx";

describe("Stars", () => {
  it("is one element that tells the stylesheet how many stars are filled and how many are not", () => {
    expect(renderToStaticMarkup(<Stars value={3.6} label="Rated 3.6 out of 5" />)).toBe(
      '<span class="stars" style="--stars-on:4;--stars-off:1" role="img" aria-label="Rated 3.6 out of 5"></span>',
    );
    expect(renderToStaticMarkup(<Stars value={0} />)).toBe(
      '<span class="stars" style="--stars-on:0;--stars-off:5" aria-hidden="true"></span>',
    );
  });
});
