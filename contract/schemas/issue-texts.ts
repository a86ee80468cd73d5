import type { z } from "zod";
import { MSG } from "#contract/messages.ts";

/**
 * The catalogue's text for a validation issue whose rule has none of its own: passed as the `error` of a parse
 * whose messages can reach a shopper (the API's request validation, the storefront's forms). zod uses it only
 * where the schema gives no message, so the spec's texts stay; without it a forged or mistyped value showed
 * zod's own words ('Invalid input: expected number, received NaN').
 */
export const shopperIssueText: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return MSG.validation.required;
      if (issue.expected === "int") return MSG.validation.wholeNumber;
      return issue.expected === "number" ? MSG.validation.number : MSG.validation.invalid;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? MSG.validation.required : MSG.validation.atLeastCharacters(Number(issue.minimum));
      return issue.origin === "number" ? MSG.validation.atLeast(Number(issue.minimum)) : MSG.validation.invalid;
    case "too_big":
      if (issue.origin === "string") return MSG.accounts.fieldTooLong(Number(issue.maximum));
      return issue.origin === "number" ? MSG.validation.atMost(Number(issue.maximum)) : MSG.validation.invalid;
    default:
      return MSG.validation.invalid;
  }
};
