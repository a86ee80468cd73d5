import { Form, Link } from "react-router";
import {
  FAQ_PARAM,
  FAQ_TABS,
  parseFaqTab,
  SUPPORT_CHANNELS,
  SUPPORT_HOURS,
  SUPPORT_PAGE,
  SUPPORT_REPLY_NOTE,
} from "#app/content/need-support.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { Icon } from "#app/ui/icons.tsx";
import { InfoCards } from "#app/ui/info-cards.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { PageSection } from "#app/ui/page-section.tsx";
import type { Route } from "./+types/need-support";

export const links: Route.LinksFunction = () => areaSheets("infoPages");

export const meta = () => pageMeta(SUPPORT_PAGE);

/** The FAQ tab lives in the URL (`?faq=orders-shipping`), so the tabs are plain links that work without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  return { faqTab: parseFaqTab(new URL(request.url).searchParams.get(FAQ_PARAM)).slug };
}

export default function NeedSupport({ loaderData }: Route.ComponentProps) {
  const selected = parseFaqTab(loaderData.faqTab);
  const page = SUPPORT_PAGE;
  return (
    <>
      <PageHeader title={page.title} eyebrow={page.eyebrow} intro={page.intro} trail={[{ label: "Need Support" }]} />

      <PageSection id="support-channels" title="Ways to Reach Us" eyebrow="Talk to Us" align="center">
        <InfoCards cards={SUPPORT_CHANNELS} />
      </PageSection>

      <PageSection id="support-hours" title="Support Hours" eyebrow="When We Are Here" align="center" tone="muted">
        <div className="hours">
          {SUPPORT_HOURS.map((table) => (
            <div key={table.heading} className="hours__table">
              <h3 className="hours__title">
                <Icon name="clock" />
                {table.heading}
              </h3>
              <dl>
                {table.rows.map((row) => (
                  <div key={row.days} className="hours__row">
                    <dt>{row.days}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
        <p className="hours__note">{SUPPORT_REPLY_NOTE}</p>
      </PageSection>

      <PageSection id="faq" title="Frequently Asked Questions" eyebrow="Quick Answers" align="center" width="narrow">
        <nav className="faq-tabs" aria-label="FAQ topics">
          <ul>
            {FAQ_TABS.map((tab) => (
              <li key={tab.slug}>
                <Link
                  to={`?${FAQ_PARAM}=${tab.slug}#faq`}
                  preventScrollReset
                  replace
                  className="faq-tabs__tab"
                  aria-current={tab.slug === selected.slug ? "true" : undefined}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="faq-panel" aria-labelledby="faq-panel-title">
          <h3 id="faq-panel-title" className="visually-hidden">
            {selected.label}
          </h3>
          <dl className="faq-list">
            {selected.entries.map((entry) => (
              <div key={entry.question} className="faq-list__item">
                <dt>{entry.question}</dt>
                <dd>{entry.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      </PageSection>

      <PageSection tone="muted" width="narrow">
        <div className="help-search">
          <h2 className="help-search__title">Still looking for something?</h2>
          <Form method="get" action="/products" className="help-search__form" role="search">
            <label htmlFor="help-search" className="visually-hidden">
              Search the collection
            </label>
            <input id="help-search" className="input" type="search" name="search" placeholder="Search abayas, coords, kidswear…" />
            <button type="submit" className="button button--primary">
              <Icon name="search" />
              <span className="help-search__button-label">Search</span>
            </button>
          </Form>
          <p className="help-search__text">Or speak to us directly: our advisors will be glad to help.</p>
          <ButtonLink to="/contact" variant="outline">
            Contact Us Now
          </ButtonLink>
        </div>
      </PageSection>
    </>
  );
}
