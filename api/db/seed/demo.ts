import type { Db } from "#api/db/connect.ts";
import { PRODUCT_CATEGORY, SIZES } from "#contract/constants.ts";
import { buildDemoProducts, categoryImageUrl } from "./catalogue-builder.ts";
import { CATEGORIES, CONTACT_SUBJECTS, FITS, LOOKUP_HEADER, PROMO_CODES } from "./catalogue-data.ts";
import { insertProducts } from "./product-writer.ts";

/** Seeds the demo shop when the catalogue is empty; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("categories").select("id").limit(1).executeTakeFirst();
    if (existing) return false;

    const categoryIds = new Map<string, number>();
    for (const [position, category] of CATEGORIES.entries()) {
      const { id } = await trx
        .insertInto("categories")
        .values({
          name: category.name,
          slug: category.slug,
          collection: category.collection,
          description: category.description,
          image_url: categoryImageUrl(category.slug),
          status: "Active",
          sort_order: position + 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.set(category.name, id);
    }

    await insertProducts(trx, buildDemoProducts(categoryIds));

    const fitValues = [...new Set(Object.values(FITS).flatMap((fit) => fit.options))];
    const lookups: [number, readonly string[]][] = [
      [LOOKUP_HEADER.sizes, SIZES],
      [LOOKUP_HEADER.contactSubjects, CONTACT_SUBJECTS],
      [LOOKUP_HEADER.fits, fitValues],
      [PRODUCT_CATEGORY, CATEGORIES.map((category) => category.name)],
    ];
    await trx
      .insertInto("lookup_values")
      .values(
        lookups.flatMap(([header_id, values]) =>
          values.map((value, position) => ({ header_id, value, label: value, position, status: "Active" as const })),
        ),
      )
      .execute();

    await trx
      .insertInto("promo_codes")
      .values(PROMO_CODES.map((promo) => ({ ...promo, active: 1 as const, starts_at: null, ends_at: null })))
      .execute();
    return true;
  });
}
