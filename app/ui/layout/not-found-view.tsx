import { Link } from "react-router";
import { ButtonLink } from "#app/ui/button.tsx";
import { MSG } from "#contract/messages.ts";

const ONWARD_LINKS = [
  { to: "/products", label: "Products" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** The 404 design, shared by the not-found route and the error boundary (loaders that throw a 404). */
export function NotFoundView() {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code" aria-hidden="true">
        {MSG.notFound.code}
      </p>
      <h1 id="status-title" className="status-page__title">
        <span className="visually-hidden">{MSG.notFound.code} </span>
        {MSG.notFound.title}
      </h1>
      <p className="status-page__message">{MSG.notFound.message}</p>
      <ButtonLink to="/">{MSG.notFound.home}</ButtonLink>
      <nav aria-label="Suggested pages" className="status-page__links">
        <ul>
          {ONWARD_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
