import { Link } from "react-router";
import { apiFor } from "#app/api-client/api.server.ts";
import { fetchActiveCategories, mapLoaded } from "#app/features/catalogue/catalogue.server.ts";
import { categoryHref } from "#app/features/catalogue/listing-path.ts";
import { toCategoryTile } from "#app/features/catalogue/product-view.ts";
import { breadcrumbJsonLd, pageMeta } from "#app/lib/seo.ts";
import { shoppingPathSheets } from "#app/styles/links.ts";
import { PageHeader } from "#app/ui/page-header.tsx";
import { StateMessage } from "#app/ui/state-message.tsx";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/categories";

export const links: Route.LinksFunction = () => shoppingPathSheets("catalogue");

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await fetchActiveCategories(apiFor(context));
  return {
    categories: mapLoaded(categories, (list) =>
      list.map((category) => ({ ...toCategoryTile(category), description: category.description })),
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = matches[0].loaderData.origin;
  return pageMeta({
    title: MSG.catalogue.allCategories,
    description: `Explore every ${SHOP.name} collection: womenswear, abayas, coords, mini and the children's line from baby to 15 years.`,
    origin,
    canonicalPath: "/categories",
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: "Homepage", path: "/" },
        { name: MSG.catalogue.allCategories, path: "/categories" },
      ]),
    ],
  });
};

const TILE_IMAGE = { width: 600, height: 750 } as const;

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <>
      <PageHeader title={MSG.catalogue.allCategoriesHeading} eyebrow="The collections" trail={[{ label: MSG.catalogue.allCategories }]} />
      <div className="container categories-page">
        {categories.ok ? (
          categories.data.length > 0 ? (
            <ul className="category-grid">
              {categories.data.map((category, index) => (
                <li key={category.id}>
                  <Link to={categoryHref(category.name)} className="category-card">
                    <span className="category-card__media">
                      <img
                        src={category.image}
                        alt=""
                        width={TILE_IMAGE.width}
                        height={TILE_IMAGE.height}
                        loading={index < 4 ? "eager" : "lazy"}
                        fetchPriority={index === 0 ? "high" : undefined}
                        decoding="async"
                      />
                    </span>
                    <span className="category-card__body">
                      <span className="category-card__name">{category.name}</span>
                      {category.description ? <span className="category-card__description">{category.description}</span> : null}
                      <span className="category-card__cta">{MSG.catalogue.shopNow}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <StateMessage title={MSG.catalogue.noCategories} hint={MSG.catalogue.noCategoriesHint} />
          )
        ) : (
          <StateMessage tone="error" title={categories.message} retryHref="/categories" />
        )}
      </div>
    </>
  );
}
