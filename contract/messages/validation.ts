/** What a field shows when its value breaks a rule that has no text of its own (never zod's own words). */
export const validation = {
  required: "This field is required",
  invalid: "Please enter a valid value",
  number: "Please enter a number",
  wholeNumber: "Please enter a whole number",
  atLeast: (n: number) => `Must be at least ${n}`,
  atMost: (n: number) => `Must be at most ${n}`,
  atLeastCharacters: (n: number) => `Must be at least ${n} characters`,
} as const;
