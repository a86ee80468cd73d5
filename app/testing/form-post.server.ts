import { fakeTransport, routerContextWith } from "./fake-transport.server.ts";

/** What the fake commerce API answers: a status and body, or no answer at all (the network is down). */
export type FakeAnswer = { status: number; body: unknown } | "unreachable";

/**
 * Runs a route action on a form post, as a browser would send it (with valid honeypot fields), against a
 * fake API that gives `answer` (or, for an action that makes several calls, `answer(path)`). `sent` holds the
 * JSON bodies that reached the API.
 * The honeypot is imported late: session.server.ts reads SESSION_SECRET at import, which tests stub first.
 */
export async function postForm<Result>(
  action: (args: never) => Promise<Result>,
  url: string,
  fields: Record<string, string>,
  answer: FakeAnswer | ((path: string) => FakeAnswer),
) {
  const sent: unknown[] = [];
  const context = routerContextWith(
    fakeTransport((path, init) => {
      sent.push(JSON.parse(String(init.body)));
      const answered = typeof answer === "function" ? answer(path) : answer;
      if (answered === "unreachable") throw new TypeError("fetch failed");
      return Response.json(answered.body, { status: answered.status });
    }),
  );
  const { honeypotLoaderData } = await import("#app/forms/honeypot.server.ts");
  const trap = honeypotLoaderData.honeypot;
  const body = new URLSearchParams({ [trap.nameFieldName]: "", ...fields });
  const request = new Request(url, { method: "POST", body });
  const result = await action({ request, params: {}, context } as never);
  return { result, sent };
}

/** The toasts a response flashed into the session, in order. */
export async function flashedToasts(response: Response) {
  const { getSession, takeToasts } = await import("#app/session/session.server.ts");
  const cookie =
    response.headers
      .getSetCookie()
      .find((value) => value.startsWith("__session="))
      ?.split(";")[0] ?? "";
  return takeToasts(await getSession(new Request("http://shop.test/", { headers: { cookie } })));
}

/** The one toast a response flashed into the session. */
export async function flashedToast(response: Response) {
  const toasts = await flashedToasts(response);
  if (toasts.length > 1) throw new Error(`expected one toast, got ${toasts.length}`);
  return toasts[0];
}
