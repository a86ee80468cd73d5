import type { z } from "zod";
import type {
  categorySchema,
  lookupValueSchema,
  productDetailSchema,
  productImageSchema,
  productSummarySchema,
  variantSchema,
} from "#contract/responses/product.ts";

/** The catalogue answers' types, inferred from their schemas in contract/responses (type-only: no zod at run time). */

export type VariantDto = z.infer<typeof variantSchema>;

export type ProductImageDto = z.infer<typeof productImageSchema>;

export type ProductSummaryDto = z.infer<typeof productSummarySchema>;

export type StockStatus = ProductSummaryDto["stock_status"];

export type ProductDetailDto = z.infer<typeof productDetailSchema>;

export type CategoryDto = z.infer<typeof categorySchema>;

export type LookupValueDto = z.infer<typeof lookupValueSchema>;
