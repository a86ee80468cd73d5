import { z } from "zod";

/*
 * The profile's URL and form ids, in a server module so the profile page's bundle does not keep zod for them.
 */

export const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** ?page= of MY ORDERS; anything but a page number reads as the first page. */
export const pageField = z.coerce.number().int().min(1).max(100_000).catch(1);
