import type { CSSProperties } from "react";
import { RATING_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

/**
 * Five stars filled to `value` (rounded to the nearest whole), drawn by the stylesheet on one element (`--stars-on`
 * and `--stars-off` say how many of each): a card or a quote adds one node instead of eleven to render and hydrate. With a label
 * they form one image, else they are decorative.
 */
export function Stars({ value, label }: { value: number; label?: string }) {
  const filled = Math.round(value);
  const style = { "--stars-on": filled, "--stars-off": RATING_MAX - filled } as CSSProperties;
  return label ? (
    <span className="stars" style={style} role="img" aria-label={label} />
  ) : (
    <span className="stars" style={style} aria-hidden="true" />
  );
}

/** The detail page's rating line: average stars and review count; reviews feed it once they exist. */
export function RatingSummary({ average = 0, count = 0 }: { average?: number; count?: number }) {
  return (
    <p className="rating-summary">
      <Stars value={average} label={`Rated ${average.toFixed(1)} out of ${RATING_MAX}`} />
      <span className="rating-summary__count">{MSG.catalogue.reviewsCount(count)}</span>
    </p>
  );
}
