import { ButtonLink } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { InfoCards } from "#app/components/ui/info-cards.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { PageSection } from "#app/components/ui/page-section.tsx";
import { ProseSection } from "#app/components/ui/prose-section.tsx";
import {
  ABOUT_CHILDREN,
  ABOUT_CHILDREN_LINK,
  ABOUT_DIRECTORS,
  ABOUT_FLAGSHIP,
  ABOUT_PAGE,
  ABOUT_PILLARS,
  ABOUT_PRESS,
  ABOUT_STORY,
} from "#app/content/about.ts";
import { PRESS } from "#app/content/home.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";

export const meta = () => pageMeta(ABOUT_PAGE);

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("");

export default function About() {
  return (
    <>
      <PageHeader title={ABOUT_PAGE.title} eyebrow={ABOUT_PAGE.eyebrow} intro={ABOUT_PAGE.intro} trail={[{ label: ABOUT_PAGE.title }]} />

      <PageSection width="narrow">
        <ProseSection block={ABOUT_STORY} />
      </PageSection>

      <PageSection id="what-sets-us-apart" title="What Sets Us Apart" eyebrow="The House" align="center" tone="muted">
        <InfoCards cards={ABOUT_PILLARS} columns={4} />
      </PageSection>

      <PageSection>
        <div className="feature-split">
          <div className="feature-split__art" aria-hidden="true">
            <Icon name="child" />
            <span>Baby to 15 years</span>
          </div>
          <ProseSection block={ABOUT_CHILDREN}>
            <ButtonLink to={ABOUT_CHILDREN_LINK.to} variant="outline">
              {ABOUT_CHILDREN_LINK.label}
            </ButtonLink>
          </ProseSection>
        </div>
      </PageSection>

      <PageSection tone="muted">
        <div className="feature-split feature-split--reverse">
          <ProseSection block={ABOUT_FLAGSHIP}>
            <dl className="detail-list">
              <div>
                <dt>Address</dt>
                <dd>{SHOP_ADDRESS_ONE_LINE}</dd>
              </div>
              <div>
                <dt>Opening hours</dt>
                <dd>{SHOP.flagshipHours}</dd>
              </div>
            </dl>
            <ButtonLink to="/contact">Plan Your Visit</ButtonLink>
          </ProseSection>
          <div className="feature-split__art feature-split__art--store" aria-hidden="true">
            <Icon name="store" />
            <span>{SHOP.address.line1}</span>
          </div>
        </div>
      </PageSection>

      <PageSection width="narrow">
        <ProseSection block={ABOUT_PRESS}>
          <figure className="press-quote">
            <blockquote>{PRESS.title}</blockquote>
            <figcaption>{SHOP.pressOutlet}</figcaption>
          </figure>
        </ProseSection>
      </PageSection>

      <PageSection id="directors" title="Our Directors" eyebrow="The People" align="center">
        <ul className="people">
          {ABOUT_DIRECTORS.map((director) => (
            <li key={director.name} className="person">
              <span className="person__monogram" aria-hidden="true">
                {initials(director.name)}
              </span>
              <h3 className="person__name">{director.name}</h3>
              <p className="eyebrow">{director.role}</p>
              <p className="person__bio">{director.bio}</p>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
