import { data, Form, redirect } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { callForForm } from "#app/api-client/form-api.server.ts";
import { noDataSchema } from "#app/api-client/responses.server.ts";
import { FormAlert } from "#app/features/account/form-messages.tsx";
import { readForm } from "#app/forms/form-data.server.ts";
import { areaSheets } from "#app/styles/links.ts";
import { Button } from "#app/ui/button.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { PageSection } from "#app/ui/page-section.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { UNSUBSCRIBE_PAGE } from "#contract/paths.ts";
import { unsubscribeSchema } from "#contract/schemas/subscribe.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/unsubscribe";

export const links: Route.LinksFunction = () => areaSheets("infoPages");

export const meta = () => [{ title: `${MSG.subscribe.unsubscribeTitle} | ${SHOP.name}` }, { name: "robots", content: "noindex" }];

const DONE = "done";

/** The link from the welcome e-mail (`?token=`) shows the question; `?done` the answer after the form's redirect. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has(DONE)) return { state: "done" as const, token: null };
  const parsed = unsubscribeSchema.safeParse({ token: params.get("token") ?? undefined });
  return parsed.success ? { state: "ask" as const, token: parsed.data.token } : { state: "invalid" as const, token: null };
}

/** Takes the subscriber off the list through the API, then shows the answer (303 to `?done`). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = unsubscribeSchema.safeParse({ token: formData.get("token") ?? undefined });
  if (!parsed.success) return data({ error: MSG.subscribe.unsubscribeLinkInvalid }, { status: 400 });
  const outcome = await callForForm(
    apiFor(context),
    { send: (c) => c.public.unsubscribe.$post({ query: { token: parsed.data.token } }), schema: noDataSchema },
    [],
    MSG.subscribe.unsubscribeFailed,
  );
  if (!outcome.ok)
    return data({ error: outcome.formError ?? MSG.subscribe.unsubscribeFailed }, { status: outcome.status === 404 ? 404 : 400 });
  return redirect(`${UNSUBSCRIBE_PAGE}?${DONE}`, 303);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = loaderData;
  return (
    <>
      <PageHeader title={MSG.subscribe.unsubscribeTitle} trail={[{ label: "Unsubscribe" }]} />
      <PageSection width="narrow" align="center">
        {state === "done" ? <StateMessage title={MSG.subscribe.unsubscribedTitle} hint={MSG.subscribe.unsubscribedHint} /> : null}
        {state === "invalid" ? <StateMessage tone="error" title={MSG.subscribe.unsubscribeLinkInvalid} /> : null}
        {state === "ask" ? (
          <Form method="post" className="unsubscribe">
            <p>{MSG.subscribe.unsubscribeQuestion}</p>
            <FormAlert errors={actionData?.error ? [actionData.error] : null} />
            <input type="hidden" name="token" value={token ?? ""} />
            <Button type="submit">{MSG.subscribe.unsubscribeButton}</Button>
          </Form>
        ) : null}
      </PageSection>
    </>
  );
}
