import type { ProductSummaryDto } from "#contract/dto/product.ts";

/**
 * A product as the wishlist and recently-viewed lists name it (spec section 3): both spellings of name and
 * image the contract reads, the price in GBP, and the URL token. A product appears in such a list at most
 * once, so its id is the entry's id.
 */
export interface ProductReferenceDto {
  id: number;
  product_id: number;
  product_name: string;
  name: string;
  image_url: string;
  image: string;
  price: number;
  /** The product's URL token (`/product/{token}`). */
  token: string;
}

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
