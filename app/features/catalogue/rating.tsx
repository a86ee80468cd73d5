import { RATING_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";

const STAR = "M12 3.8l2.5 5.1 5.6.8-4 4 .9 5.6-5-2.6-5 2.6.9-5.6-4-4 5.6-.8z";

const STAR_POSITIONS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/** One decorative star, filled when `on`. */
export function StarIcon({ on }: { on: boolean }) {
  return (
    <svg className={on ? "stars__star stars__star--on" : "stars__star"} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={STAR} />
    </svg>
  );
}

/** Five stars filled to `value` (rounded to the nearest whole); with a label they form one image, else they are decorative. */
export function Stars({ value, label }: { value: number; label?: string }) {
  const filled = Math.round(value);
  const stars = STAR_POSITIONS.map((position) => <StarIcon key={position} on={position <= filled} />);
  return label ? (
    <span className="stars" role="img" aria-label={label}>
      {stars}
    </span>
  ) : (
    <span className="stars" aria-hidden="true">
      {stars}
    </span>
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
