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
import { HERO_IMAGE_SIZE, HERO_SLIDES, PRESS } from "#app/content/home.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { areaSheets } from "#app/styles/links.ts";
import { ButtonLink } from "#app/ui/button.tsx";
import { InfoCards } from "#app/ui/info-cards.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";
import { PageSection } from "#app/ui/page-section.tsx";
import { ProseSection } from "#app/ui/prose-section.tsx";
import { PLACEHOLDER_IMAGE, SHOP_IMAGES } from "#contract/constants.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";

export const links = () => areaSheets("infoPages");

export const meta = () => pageMeta(ABOUT_PAGE);

/** The children's line is pictured as on the home page's hero. */
const CHILDREN_IMAGE = HERO_SLIDES.find((slide) => slide.id === "children")?.image ?? PLACEHOLDER_IMAGE;

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
          <img
            className="feature-split__art"
            src={CHILDREN_IMAGE}
            alt=""
            width={HERO_IMAGE_SIZE.width}
            height={HERO_IMAGE_SIZE.height}
            loading="lazy"
            decoding="async"
          />
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
          <img className="feature-split__art" src={SHOP_IMAGES.flagship} alt="" width={1200} height={900} loading="lazy" decoding="async" />
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
              <img
                className="person__portrait"
                src={SHOP_IMAGES.director(director.name)}
                alt=""
                width={800}
                height={1000}
                loading="lazy"
                decoding="async"
              />
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
