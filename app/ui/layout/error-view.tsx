import { ButtonLink } from "#app/ui/button.tsx";
import { MSG } from "#contract/messages.ts";

/** The router's default error screen ('Unexpected Application Error!'), in the house style. */
export function ErrorView({ status, detail }: { status?: number; detail?: string }) {
  return (
    <section className="status-page" aria-labelledby="status-title" role="alert">
      {status ? (
        <p className="status-page__code" aria-hidden="true">
          {status}
        </p>
      ) : null}
      <h1 id="status-title" className="status-page__title">
        {MSG.router.unexpected}
      </h1>
      {detail ? <p className="status-page__message">{detail}</p> : null}
      <ButtonLink to="/">{MSG.notFound.home}</ButtonLink>
    </section>
  );
}
