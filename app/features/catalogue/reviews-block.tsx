import { memo } from "react";
import { Form, useSubmit } from "react-router";
import type { Loaded } from "#app/features/catalogue/catalogue.server.ts";
import { pageRange } from "#app/features/catalogue/page-range.ts";
import { REVIEWS_ANCHOR, type ReviewsView, reviewDate, reviewsSearch, starShare } from "#app/features/catalogue/reviews-view.ts";
import { REVIEWS_PARAM } from "#app/lib/constants.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { SectionHeading } from "#app/ui/section-heading.tsx";
import { StepPager } from "#app/ui/step-pager.tsx";
import { RATING_MAX, REVIEW_SORTS } from "#contract/constants.ts";
import type { ProductReviewsDto } from "#contract/dto/review.ts";
import { MSG } from "#contract/messages.ts";
import { Stars } from "./rating.tsx";

const STARS_DESCENDING = Array.from({ length: RATING_MAX }, (_, index) => (RATING_MAX - index) as 1 | 2 | 3 | 4 | 5);

interface ReviewsBlockProps {
  reviews: Loaded<ProductReviewsDto>;
  view: ReviewsView;
  /** The page URL's current query, so sorting and paging keep the chosen colour, size and fit. */
  search: string;
}

/**
 * The product page's reviews: summary, distribution, sort, one page of reviews and Previous/Next. Sort and
 * page live in the URL: the sort is a GET form (its button shows only without JavaScript) and paging is links.
 * Memoised on the page's data and search, so Add to Cart's states do not render it again.
 */
export const ReviewsBlock = memo(function ReviewsBlock({ reviews, view, search }: ReviewsBlockProps) {
  const params = new URLSearchParams(search);
  const hrefFor = (page: number) => `${reviewsSearch(params, { ...view, page })}#${REVIEWS_ANCHOR}`;
  return (
    <section className="reviews" id={REVIEWS_ANCHOR} aria-labelledby="reviews-title">
      <SectionHeading id="reviews-title" title={MSG.reviews.heading} align="center" />
      {reviews.ok ? (
        <LoadedReviews data={reviews.data} view={view} params={params} hrefFor={hrefFor} />
      ) : (
        <div className="state-message state-message--error" role="alert">
          <p className="state-message__title">{MSG.reviews.loadFailed}</p>
          <p className="state-message__hint">{reviews.message}</p>
          <ButtonLink to={hrefFor(view.page)} variant="outline" preventScrollReset>
            {MSG.reviews.tryAgain}
          </ButtonLink>
        </div>
      )}
    </section>
  );
});

function LoadedReviews({
  data,
  view,
  params,
  hrefFor,
}: {
  data: ProductReviewsDto;
  view: ReviewsView;
  params: URLSearchParams;
  hrefFor: (page: number) => string;
}) {
  const range = pageRange(data.pagination, data.reviews.length);
  return (
    <div className="reviews__layout">
      <div className="reviews__summary">
        <p className="reviews__average">
          <span className="reviews__average-value">{data.average_rating.toFixed(1)}</span>
          <span className="reviews__average-max">{MSG.reviews.averageOutOf(RATING_MAX)}</span>
        </p>
        <Stars value={data.average_rating} label={MSG.reviews.ratedOutOf(Number(data.average_rating.toFixed(1)), RATING_MAX)} />
        <p className="reviews__count">{MSG.catalogue.reviewsCount(data.total_reviews)}</p>
        <ul className="reviews__distribution" aria-label={MSG.reviews.distributionLabel}>
          {STARS_DESCENDING.map((stars) => {
            const count = data.distribution[stars];
            return (
              <li key={stars} className="reviews__bar-row">
                <span className="reviews__bar-label" aria-hidden="true">
                  {MSG.reviews.starsRow(stars)}
                </span>
                <span className="reviews__bar" aria-hidden="true">
                  <span className="reviews__bar-fill" style={{ width: `${starShare(count, data.total_reviews)}%` }} />
                </span>
                <span className="reviews__bar-count" aria-hidden="true">
                  {count}
                </span>
                <span className="visually-hidden">{MSG.reviews.starsShare(stars, count)}</span>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="reviews__list-column">
        {data.total_reviews > 0 ? <SortForm view={view} params={params} /> : null}
        {data.reviews.length === 0 ? (
          <div className="state-message state-message--empty" role="status">
            <p className="state-message__title">{MSG.reviews.none}</p>
            <p className="state-message__hint">{MSG.reviews.beFirst}</p>
          </div>
        ) : (
          <ol className="reviews__list">
            {data.reviews.map((review) => (
              <li key={review.id} className="review">
                <div className="review__head">
                  <p className="review__author">{review.user_name}</p>
                  {review.verified ? <p className="review__verified">{MSG.reviews.verifiedPurchase}</p> : null}
                </div>
                <div className="review__meta">
                  <Stars value={review.rating} label={MSG.reviews.ratedOutOf(review.rating, RATING_MAX)} />
                  <time className="review__date" dateTime={review.created_at}>
                    {reviewDate(review.created_at)}
                  </time>
                </div>
                {review.comment ? <p className="review__comment">{review.comment}</p> : null}
              </li>
            ))}
          </ol>
        )}
        {range ? (
          <StepPager
            label={MSG.reviews.heading}
            showing={MSG.reviews.showing(range.from, range.to, range.total)}
            page={view.page}
            totalPages={data.pagination.totalPages}
            hrefFor={hrefFor}
          />
        ) : null}
      </div>
    </div>
  );
}

/** GET form for the sort: it keeps the page's other parameters as hidden fields and starts again at page 1. */
function SortForm({ view, params }: { view: ReviewsView; params: URLSearchParams }) {
  const submit = useSubmit();
  const kept = [...params.entries()].filter(([name]) => name !== REVIEWS_PARAM.sort && name !== REVIEWS_PARAM.page);
  return (
    <Form method="get" className="reviews__sort" preventScrollReset>
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="reviews-sort" className="visually-hidden">
        {MSG.reviews.sortLabel}
      </label>
      <select
        id="reviews-sort"
        className="input input--select"
        name={REVIEWS_PARAM.sort}
        defaultValue={view.sort}
        key={view.sort}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {REVIEW_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {MSG.reviews.sortOptions[sort]}
          </option>
        ))}
      </select>
      {/* For a page without JavaScript: the stylesheet hides it where scripts run, before hydration too. */}
      <button type="submit" className="button button--outline reviews__apply-sort">
        {MSG.reviews.applySort}
      </button>
    </Form>
  );
}
