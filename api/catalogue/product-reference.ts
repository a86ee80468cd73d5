import type { ProductSummaryDto } from "#contract/dto/product.ts";
import type { ProductReferenceDto } from "#contract/dto/product-reference.ts";

/** The reference the wishlist and recently-viewed lists give for a product. */
export const productReference = (product: ProductSummaryDto): ProductReferenceDto => ({
  id: product.id,
  product_id: product.id,
  product_name: product.name,
  name: product.name,
  image_url: product.main_image,
  image: product.main_image,
  price: product.price,
  token: product.token,
});
