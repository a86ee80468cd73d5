import { z } from "zod";

/** `GET /admin/me`: the signed-in operator, which also proves the token is an operator's. */
export const operatorSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
});
