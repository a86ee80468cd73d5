import type { Db } from "../db/connect.ts";

export interface CategoryDto {
  id: number;
  category_id: number;
  name: string;
  category_name: string;
  collection: string;
  slug: string;
  description: string;
  image: string;
  image_url: string;
  status: string;
  product_count: number;
}

/** Categories in display order with their count of active products; `status` narrows to Active or Inactive. */
export async function listCategories(db: Db, status?: "Active" | "Inactive"): Promise<CategoryDto[]> {
  let query = db.kysely
    .selectFrom("categories")
    .leftJoin("products", (join) => join.onRef("products.category_id", "=", "categories.id").on("products.status", "=", "Active"))
    .select((eb) => [
      "categories.id",
      "categories.name",
      "categories.slug",
      "categories.collection",
      "categories.description",
      "categories.image_url",
      "categories.status",
      eb.fn.count<number>("products.id").as("product_count"),
    ])
    .groupBy([
      "categories.id",
      "categories.name",
      "categories.slug",
      "categories.collection",
      "categories.description",
      "categories.image_url",
      "categories.status",
      "categories.sort_order",
    ])
    .orderBy("categories.sort_order")
    .orderBy("categories.id");
  if (status) query = query.where("categories.status", "=", status);
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
    product_count: Number(row.product_count),
  }));
}
