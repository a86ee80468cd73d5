import { z } from "zod";
import { MSG } from "#contract/messages.ts";
import { emailField } from "./auth.ts";

/** The newsletter sign-up, shared by the /subscribe action and `POST /public/subscribe`. */
export const subscribeSchema = z.object({
  email: emailField(MSG.subscribe.emailRequired, MSG.subscribe.invalidEmail),
});

/** The secret of an unsubscribe link (`?token=`), shared by the /unsubscribe page and `POST /public/unsubscribe`. */
export const unsubscribeSchema = z.object({
  token: z.string({ error: MSG.subscribe.unsubscribeLinkInvalid }).regex(/^[0-9a-f]{32}$/, MSG.subscribe.unsubscribeLinkInvalid),
});
