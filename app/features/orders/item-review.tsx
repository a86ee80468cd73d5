import type { SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useLocation } from "react-router";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { Stars } from "#app/features/catalogue/rating.tsx";
import { reviewFormChecks } from "#app/features/catalogue/review-form-checks.ts";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import { Button } from "#app/ui/button.tsx";
import { TextareaField } from "#app/ui/field.tsx";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX, REVIEWABLE_ORDER_STATUSES } from "#contract/constants.ts";
import type { OrderDetailDto, OrderItemDto, OrderItemReviewDto } from "#contract/dto/order.ts";
import { MSG } from "#contract/messages.ts";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

interface ItemReviewProps {
  order: OrderDetailDto;
  item: OrderItemDto;
  /** A failed post of this item's form when the page was rendered without JavaScript. */
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Under an item of an order in MY ORDERS: 'Write a Review' on a delivered (or completed) order, the review with
 * an Edit toggle once written, else the note that reviews open after delivery. The toggles are `<details>`, so
 * they open without JavaScript; a failed post renders its form open with the errors.
 */
export function ItemReview({ order, item, lastResult }: ItemReviewProps) {
  if (!(REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(order.status_name)) {
    return <p className="item-review__note">{MSG.reviews.afterDelivery}</p>;
  }
  const form = <ReviewForm orderId={order.id} item={item} review={item.review} lastResult={lastResult} />;
  if (!item.review) {
    return (
      <details className="item-review" open={lastResult ? true : undefined}>
        <summary className="item-review__toggle">{MSG.reviews.write}</summary>
        {form}
      </details>
    );
  }
  return (
    <div className="item-review">
      <div className="item-review__mine">
        <p className="item-review__label">{MSG.reviews.yours}</p>
        <Stars value={item.review.rating} label={MSG.reviews.ratedOutOf(item.review.rating, RATING_MAX)} />
        {item.review.comment ? <p className="item-review__comment">{item.review.comment}</p> : null}
      </div>
      {/* Keyed by the review, so a saved edit closes the form again with JavaScript as a new page does without. */}
      <details key={`${item.review.rating}-${item.review.comment}`} open={lastResult ? true : undefined}>
        <summary className="item-review__toggle">{MSG.reviews.edit}</summary>
        {form}
      </details>
      <RemoveReviewForm reviewId={item.review.id} />
    </div>
  );
}

/** Remove Review: a plain post of intent=remove-review to the profile's action at the page's own URL. */
function RemoveReviewForm({ reviewId }: { reviewId: number }) {
  const location = useLocation();
  return (
    <Form method="post" action={location.pathname + location.search} className="item-review__remove">
      <input type="hidden" name="reviewId" value={reviewId} />
      <Button type="submit" variant="link" name="intent" value="remove-review">
        {MSG.reviews.remove}
      </Button>
    </Form>
  );
}

interface ReviewFormProps {
  orderId: number;
  item: OrderItemDto;
  review: OrderItemReviewDto | null;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Rating as five radio stars (required; checked by the schema, not the browser, so the message is the shop's own)
 * and an optional comment, posted with intent=review to the profile's
 * action at the page's own URL: a new review without `reviewId`, an edit with it. With JavaScript it goes through
 * a fetcher, so a refusal answers this form alone; success redirects back to the open order either way.
 */
function ReviewForm({ orderId, item, review, lastResult }: ReviewFormProps) {
  const fetcher = useFetcher<{ review?: { result: SubmissionResult<string[]> } }>();
  const location = useLocation();
  const { form, fields } = useCheckedForm({
    id: `review-${orderId}-${item.product_id}-${item.product_sku}`,
    lastResult: fetcher.data?.review?.result ?? lastResult,
    defaultValue: review ? { rating: String(review.rating), comment: review.comment ?? "" } : undefined,
    shouldValidate: "onSubmit",
    checks: reviewFormChecks,
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={location.pathname + location.search} className="review-form" {...form.props}>
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="productId" value={item.product_id} />
      {review ? <input type="hidden" name="reviewId" value={review.id} /> : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      <fieldset className="star-input">
        <legend className="field__label">{MSG.reviews.ratingLabel}</legend>
        <div className="star-input__options">
          {RATINGS.map((rating) => (
            <label key={rating} className="star-input__option">
              <input
                type="radio"
                name={fields.rating.name}
                value={rating}
                required
                defaultChecked={fields.rating.initialValue === String(rating)}
                aria-invalid={fields.rating.errors ? true : undefined}
                aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}
                id={`${fields.rating.id}-${rating}`}
                className="visually-hidden"
              />
              <span className="star" aria-hidden="true" />
              <span className="visually-hidden">{MSG.reviews.starsRow(rating)}</span>
            </label>
          ))}
        </div>
        {fields.rating.errors ? (
          <div className="field__error" id={fields.rating.errorId}>
            {fields.rating.errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
      </fieldset>
      <TextareaField
        label={MSG.reviews.commentLabel}
        hint={MSG.reviews.commentHint(REVIEW_COMMENT_MAX)}
        errors={fields.comment.errors}
        textareaProps={{ ...fieldProps(fields.comment), rows: 3 }}
      />
      <Button type="submit" name="intent" value="review" disabled={busy}>
        {busy ? MSG.reviews.submitting : review ? MSG.reviews.saveEdit : MSG.reviews.submit}
      </Button>
    </fetcher.Form>
  );
}
