import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { callForForm } from "#app/api-client/form-api.server.ts";
import { subscriptionSchema } from "#app/api-client/responses.server.ts";
import { isEnhanced } from "#app/features/account/enhanced-field.tsx";
import type { SubscribeReply } from "#app/features/home/newsletter-form.tsx";
import { readHoneypotForm } from "#app/forms/honeypot.server.ts";
import { safeRedirectPath } from "#app/session/safe-redirect.ts";
import { redirectWithToast } from "#app/session/session.server.ts";
import { MSG } from "#contract/messages.ts";
import { subscribeSchema } from "#contract/schemas/subscribe.ts";
import type { Route } from "./+types/subscribe";

/** Nothing to show here: the newsletter block posts to this route. */
export function loader() {
  return redirect("/");
}

/**
 * Signs the address up for the newsletter. Without JavaScript: back to `redirectTo` (same-site) with a
 * toast. With it (the form says so) the answer is the toast itself, so the page stays and the input can clear.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readHoneypotForm(request);
  const { ok, message, title } = await subscribeFrom(formData, apiFor(context));
  const toast = { type: ok ? ("success" as const) : ("error" as const), message, ...(title ? { title } : {}) };
  if (isEnhanced(formData)) return { ok, toast: { id: randomUUID(), ...toast } } satisfies SubscribeReply;
  const back = safeRedirectPath(formData.get("redirectTo"));
  return redirectWithToast(request, back, toast.type, toast.message, { status: 303 }, toast.title);
}

/** The outcome as the shopper is told it; a failed call carries the spec's short title above its reason. */
async function subscribeFrom(
  formData: FormData,
  api: ReturnType<typeof apiFor>,
): Promise<{ ok: boolean; message: string; title?: string }> {
  const parsed = subscribeSchema.safeParse({ email: formData.get("email") ?? undefined });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MSG.subscribe.invalidEmail };
  const outcome = await callForForm(
    api,
    { send: (c) => c.public.subscribe.$post({ json: parsed.data }), schema: subscriptionSchema },
    ["email"],
    MSG.subscribe.failedLater,
  );
  if (outcome.ok) return { ok: true, message: outcome.message };
  // What the shopper can act on (a field's text, a rate limit) is passed on; any other failure gets the subscribe fallback.
  const told = outcome.fieldErrors.email?.[0] ?? (outcome.status === 400 || outcome.status === 429 ? outcome.formError : null);
  return { ok: false, title: MSG.subscribe.failed, message: told ?? MSG.subscribe.failedLater };
}
