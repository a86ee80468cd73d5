import type { Db } from "#api/db/connect.ts";
import type { CategoryDto } from "#contract/dto/product.ts";

/**
 * Categories in display order; `status` narrows to Active or Inactive. Reads the categories table alone:
 * every home page asks for it, so it must not grow with the catalogue.
 */
export async function listCategories(db: Db, status?: "Active" | "Inactive"): Promise<CategoryDto[]> {
  let query = db.kysely
    .selectFrom("categories")
    .select(["id", "name", "slug", "collection", "description", "image_url", "status"])
    .orderBy("sort_order")
    .orderBy("id");
  if (status) query = query.where("status", "=", status);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    category_id: row.id,
    name: row.name,
    category_name: row.name,
    collection: row.collection,
    slug: row.slug,
    description: row.description,
    image: row.image_url,
    image_url: row.image_url,
    status: row.status,
  }));
}
