import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REVIEW_COMMENT_MAX } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { reviewFormSchema } from "./review-form.ts";
import { reviewFormChecks } from "./review-form-checks.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: reviewFormSchema });
};

describe("the profile's review form", () => {
  it("needs a rating of 1 to 5 and takes an optional trimmed comment", () => {
    expect(form({ orderId: "4", productId: "9" }).reply().error).toMatchObject({ rating: [MSG.reviews.ratingRequired] });
    expect(form({ orderId: "4", productId: "9", rating: "6" }).reply().error).toMatchObject({ rating: [MSG.reviews.ratingRange(1, 5)] });
    const written = form({ orderId: "4", productId: "9", rating: "5", comment: "  Lovely  " });
    expect(written.status).toBe("success");
    expect(written.status === "success" && written.value).toEqual({ orderId: 4, productId: 9, rating: 5, comment: "Lovely" });
    const edited = form({ orderId: "4", productId: "9", reviewId: "12", rating: "3" });
    expect(edited.status === "success" && edited.value).toEqual({ orderId: 4, productId: 9, reviewId: 12, rating: 3, comment: null });
  });

  it("refuses a comment over the limit, and a form without its order or product", () => {
    const long = form({ orderId: "4", productId: "9", rating: "4", comment: "x".repeat(REVIEW_COMMENT_MAX + 1) });
    expect(long.reply().error).toMatchObject({ comment: [MSG.reviews.commentTooLong(REVIEW_COMMENT_MAX)] });
    expect(form({ rating: "4" }).reply().error).toHaveProperty("orderId");
    expect(form({ orderId: "x", productId: "9", rating: "4" }).reply().error).toHaveProperty("orderId");
  });
});

describe("the review form's browser checks", () => {
  it("show the schema's own messages for a missing rating and a comment over the limit", () => {
    const { rating, comment } = reviewFormChecks;
    expect(form({ orderId: "4", productId: "9" }).reply().error?.rating).toEqual([rating.required]);
    const [max, tooLong] = comment.maxLength;
    const long = form({ orderId: "4", productId: "9", rating: "4", comment: "x".repeat(max + 1) });
    expect(long.reply().error?.comment).toEqual([tooLong]);
  });
});
