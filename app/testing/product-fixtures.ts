import type { ProductSummaryDto, VariantDto } from "#contract/dto/product.ts";

/** Catalogue answers for storefront tests: a variant and a product summary with plain defaults. */

export function variantFixture(id: number, fields: Partial<VariantDto> = {}): VariantDto {
  return {
    id,
    product_id: 1,
    sku: `SKU-${id}`,
    color_name: "Black",
    color_code: "#000000",
    color_image: null,
    size: "M",
    stock: 5,
    extra_price: 0,
    price: 0,
    ...fields,
  };
}

export function productFixture(id: number, variants: VariantDto[], fields: Partial<ProductSummaryDto> = {}): ProductSummaryDto {
  return {
    id,
    token: `token-${id}`,
    name: `Product ${id}`,
    slug: `product-${id}`,
    category_id: 1,
    category_name: "Abayas",
    collection: "Abayas",
    current_price: 89.99,
    original_price: 120,
    price: 89.99,
    main_image: `/images/${id}.jpg`,
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    stock_status: "In Stock",
    sku: `P-${id}`,
    variants,
    average_rating: 0,
    review_count: 0,
    created_at: "2026-11-01T00:00:00Z",
    ...fields,
  };
}
