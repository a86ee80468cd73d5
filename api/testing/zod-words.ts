/** zod's own wording of a failed rule, which must never reach a shopper ('Invalid input: expected number, received NaN'). */
export const ZOD_WORDS =
  /Invalid input|Invalid option|Too small:|Too big:|Invalid string|Invalid element|Unrecognized key|expected (?:number|int|string|boolean|one of)|received (?:NaN|undefined|string|number)/i;
