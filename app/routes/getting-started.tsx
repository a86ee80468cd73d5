import {
  FIT_GUIDE,
  GETTING_STARTED_PAGE,
  GETTING_STARTED_SUPPORT,
  GETTING_STARTED_WELCOME,
  HOW_TO_SHOP,
  SIZE_TABLE,
} from "#app/content/getting-started.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { PageSection } from "#app/ui/page-section.tsx";
import { ProseSection } from "#app/ui/prose-section.tsx";
import { StepList } from "#app/ui/step-list.tsx";

export const links = () => areaSheets("infoPages");

export const meta = () => pageMeta(GETTING_STARTED_PAGE);

export default function GettingStarted() {
  const page = GETTING_STARTED_PAGE;
  return (
    <>
      <PageHeader title={page.title} eyebrow={page.eyebrow} intro={page.intro} trail={[{ label: page.title }]} />

      <PageSection width="narrow">
        <ProseSection block={GETTING_STARTED_WELCOME} />
      </PageSection>

      <PageSection id="how-to-shop" title="How to Shop" eyebrow="Six Simple Steps" align="center" tone="muted">
        <StepList steps={HOW_TO_SHOP} />
      </PageSection>

      <PageSection width="narrow">
        <ProseSection block={FIT_GUIDE}>
          <div className="table-scroll">
            <table className="data-table">
              <caption>Women's sizes (body measurements in cm)</caption>
              <thead>
                <tr>
                  <th scope="col">Size</th>
                  <th scope="col">UK</th>
                  <th scope="col">Bust</th>
                  <th scope="col">Waist</th>
                  <th scope="col">Hips</th>
                </tr>
              </thead>
              <tbody>
                {SIZE_TABLE.map((row) => (
                  <tr key={row.size}>
                    <th scope="row">{row.size}</th>
                    <td>{row.uk}</td>
                    <td>{row.bustCm}</td>
                    <td>{row.waistCm}</td>
                    <td>{row.hipsCm}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </ProseSection>
      </PageSection>

      <PageSection>
        <aside className="support-box" aria-labelledby="support-box-title">
          <h2 id="support-box-title" className="support-box__title">
            {GETTING_STARTED_SUPPORT.heading}
          </h2>
          <p className="support-box__text">{GETTING_STARTED_SUPPORT.text}</p>
          <div className="button-row">
            {GETTING_STARTED_SUPPORT.actions.map((action, index) => (
              <ButtonLink key={action.label} to={action.to} variant={index === 0 ? "light" : "outline-light"}>
                {action.label}
              </ButtonLink>
            ))}
          </div>
        </aside>
      </PageSection>
    </>
  );
}
