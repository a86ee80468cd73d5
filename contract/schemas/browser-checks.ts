/**
 * What a form's inputs check in the browser before it is posted, and the text each failure shows: a part of the
 * form's zod schema, as HTML constraints (required, type="email", minLength, maxLength, pattern) with the
 * schema's own messages. The browser asks the inputs (`validity`), so no schema library ships to the page; the
 * server still parses every post with the whole schema. Each form's checks sit beside its schema, and a unit
 * test holds them to it: a value failing a check gets that check's message from the schema too.
 */
export interface FieldChecks {
  /** Blank. */
  required?: string;
  /** Not an e-mail address (the input is `type="email"`). */
  email?: string;
  minLength?: readonly [length: number, message: string];
  maxLength?: readonly [length: number, message: string];
  /** An HTML pattern: the whole value must match. */
  pattern?: readonly [pattern: string, message: string];
  /** Must equal another field of the form (a password's confirmation). */
  sameAs?: readonly [field: string, message: string];
}

export type FormChecks<Name extends string = string> = Readonly<Record<Name, FieldChecks>>;
