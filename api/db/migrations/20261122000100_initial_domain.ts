import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { DialectName } from "#api/db/connect.ts";

/** The whole domain. Frozen: later changes go in new migrations. */
export function initialDomain(dialect: DialectName) {
  const pg = dialect === "postgres";
  const id = pg ? ("serial" as const) : ("integer" as const);
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const bool = (name: string) => sql`${sql.ref(name)} IN (0, 1)`;

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("users")
        .addColumn("id", id, pk)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0).check(bool("email_verified")))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("auth_tokens")
        .addColumn("id", id, pk)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("auth_tokens_user_idx").on("auth_tokens").column("user_id").execute();

      await db.schema
        .createTable("one_time_codes")
        .addColumn("id", id, pk)
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose IN ('verify', 'reset')`))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("consumed_at", "text")
        .execute();
      await db.schema.createIndex("one_time_codes_lookup_idx").on("one_time_codes").columns(["email", "purpose", "created_at"]).execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addColumn("window_ends_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("categories")
        .addColumn("id", id, pk)
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("collection", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("image_url", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("Active").check(sql`status IN ('Active', 'Inactive')`))
        .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("products")
        .addColumn("id", id, pk)
        .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("sku", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("current_price_pence", "integer", (c) => c.notNull().check(sql`current_price_pence >= 0`))
        .addColumn("original_price_pence", "integer", (c) => c.notNull().check(sql`original_price_pence >= 0`))
        .addColumn("default_fit", "text")
        .addColumn("fit_required", "integer", (c) => c.notNull().defaultTo(0).check(bool("fit_required")))
        .addColumn("materials_care", "text")
        .addColumn("delivery_returns", "text")
        .addColumn("return_exchanges", "text")
        .addColumn("contact_info", "text")
        .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("stock_total", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock_total >= 0`))
        .addColumn("units_sold", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("Active").check(sql`status IN ('Active', 'Inactive')`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      for (const [name, columns] of [
        ["products_category_idx", ["category_id", "created_at"]],
        ["products_created_idx", ["created_at", "id"]],
        ["products_price_idx", ["current_price_pence", "id"]],
        ["products_name_idx", ["name", "id"]],
        ["products_popular_idx", ["units_sold", "id"]],
        ["products_stock_idx", ["stock_total"]],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on("products")
          .columns([...columns])
          .execute();
      }

      await db.schema
        .createTable("product_variants")
        .addColumn("id", id, pk)
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("sku", "text", (c) => c.notNull().unique())
        .addColumn("color_name", "text", (c) => c.notNull())
        .addColumn("color_code", "text", (c) => c.notNull())
        .addColumn("color_image", "text")
        .addColumn("size", "text", (c) => c.notNull())
        .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
        .addColumn("extra_price_pence", "integer", (c) => c.notNull().defaultTo(0).check(sql`extra_price_pence >= 0`))
        .addUniqueConstraint("product_variants_combo_uq", ["product_id", "color_name", "size"])
        .execute();
      await db.schema.createIndex("product_variants_size_idx").on("product_variants").columns(["size", "product_id"]).execute();
      await db.schema.createIndex("product_variants_color_idx").on("product_variants").columns(["color_name", "product_id"]).execute();

      await db.schema
        .createTable("product_images")
        .addColumn("id", id, pk)
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("alt", "text", (c) => c.notNull())
        .addColumn("color_name", "text")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("product_images_product_idx").on("product_images").columns(["product_id", "position"]).execute();

      await db.schema
        .createTable("product_fits")
        .addColumn("id", id, pk)
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("product_fits_uq", ["product_id", "value"])
        .execute();

      await db.schema
        .createTable("lookup_values")
        .addColumn("id", id, pk)
        .addColumn("header_id", "integer", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("Active").check(sql`status IN ('Active', 'Inactive')`))
        .addUniqueConstraint("lookup_values_uq", ["header_id", "value"])
        .execute();

      await db.schema
        .createTable("addresses")
        .addColumn("id", id, pk)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("line1", "text", (c) => c.notNull())
        .addColumn("line2", "text")
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("postal_code", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("address_type", "text", (c) => c.notNull().defaultTo("Home"))
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0).check(bool("is_default")))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("addresses_user_idx").on("addresses").column("user_id").execute();
      // At most one default address per user, enforced by the database.
      await db.schema
        .createIndex("addresses_one_default_uq")
        .on("addresses")
        .column("user_id")
        .unique()
        .where(sql.ref("is_default"), "=", 1)
        .execute();

      await db.schema
        .createTable("wishlist_items")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("wishlist_items_pk", ["user_id", "product_id"])
        .execute();

      await db.schema
        .createTable("recently_viewed")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("viewed_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("recently_viewed_pk", ["user_id", "product_id"])
        .execute();

      await db.schema
        .createTable("promo_codes")
        .addColumn("id", id, pk)
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("discount_type", "text", (c) => c.notNull().check(sql`discount_type IN ('percentage', 'fixed')`))
        .addColumn("discount_value", "integer", (c) => c.notNull().check(sql`discount_value > 0`))
        .addColumn("min_basket_pence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("first_purchase_only", "integer", (c) => c.notNull().defaultTo(0).check(bool("first_purchase_only")))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1).check(bool("active")))
        .addColumn("starts_at", "text")
        .addColumn("ends_at", "text")
        .execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", id, pk)
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("idempotency_key", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("payment_status", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull())
        .addColumn("subtotal_pence", "integer", (c) => c.notNull().check(sql`subtotal_pence >= 0`))
        .addColumn("extras_pence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("shipping_pence", "integer", (c) => c.notNull())
        .addColumn("discount_pence", "integer", (c) => c.notNull().defaultTo(0).check(sql`discount_pence >= 0`))
        .addColumn("tax_pence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("total_pence", "integer", (c) => c.notNull().check(sql`total_pence >= 0`))
        .addColumn("promo_code", "text")
        .addColumn("shipping_method", "text", (c) => c.notNull())
        .addColumn("ship_label", "text", (c) => c.notNull())
        .addColumn("ship_line1", "text", (c) => c.notNull())
        .addColumn("ship_line2", "text")
        .addColumn("ship_city", "text", (c) => c.notNull())
        .addColumn("ship_postal_code", "text", (c) => c.notNull())
        .addColumn("ship_phone", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("orders_idempotency_uq", ["user_id", "idempotency_key"])
        .execute();
      await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();

      await db.schema
        .createTable("order_items")
        .addColumn("id", id, pk)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
        .addColumn("variant_id", "integer", (c) => c.references("product_variants.id").onDelete("set null"))
        .addColumn("product_name", "text", (c) => c.notNull())
        .addColumn("product_image", "text")
        .addColumn("variant_name", "text", (c) => c.notNull())
        .addColumn("product_sku", "text", (c) => c.notNull())
        .addColumn("fit", "text")
        .addColumn("unit_price_pence", "integer", (c) => c.notNull().check(sql`unit_price_pence >= 0`))
        .addColumn("extra_price_pence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
        .execute();
      await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();
      await db.schema.createIndex("order_items_product_idx").on("order_items").column("product_id").execute();

      await db.schema
        .createTable("reviews")
        .addColumn("id", id, pk)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
        .addColumn("comment", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("reviews_one_per_order_item_uq", ["user_id", "product_id", "order_id"])
        .execute();
      await db.schema.createIndex("reviews_product_idx").on("reviews").columns(["product_id", "created_at"]).execute();

      await db.schema
        .createTable("payments")
        .addColumn("id", id, pk)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("gateway", "text", (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence >= 0`))
        .addColumn("reference", "text", (c) => c.notNull())
        .addColumn("card_last4", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("subscriptions")
        .addColumn("id", id, pk)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("contact_messages")
        .addColumn("id", id, pk)
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("order_number", "text")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      // Full-text search over name and search_text, ranked by relevance.
      if (pg) {
        await sql`ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', search_text), 'B')
        ) STORED`.execute(db);
        await sql`CREATE INDEX products_search_idx ON products USING GIN (search_vector)`.execute(db);
      } else {
        await sql`CREATE VIRTUAL TABLE products_fts USING fts5(
          name, search_text, content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
        )`.execute(db);
        await sql`CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
          INSERT INTO products_fts(rowid, name, search_text) VALUES (new.id, new.name, new.search_text);
        END`.execute(db);
        await sql`CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
          INSERT INTO products_fts(products_fts, rowid, name, search_text) VALUES ('delete', old.id, old.name, old.search_text);
        END`.execute(db);
        await sql`CREATE TRIGGER products_fts_update AFTER UPDATE OF name, search_text ON products BEGIN
          INSERT INTO products_fts(products_fts, rowid, name, search_text) VALUES ('delete', old.id, old.name, old.search_text);
          INSERT INTO products_fts(rowid, name, search_text) VALUES (new.id, new.name, new.search_text);
        END`.execute(db);
      }
    },
  };
}
