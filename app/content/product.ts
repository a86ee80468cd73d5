import { DELIVERY_TERMS, RETURN_TERMS } from "#contract/delivery.ts";
import { SHOP } from "#contract/shop.ts";

/**
 * The product detail's four accordions: their titles and the text shown when a
 * product has none of its own. Claims follow the information pages.
 */
export const PRODUCT_ACCORDIONS = [
  {
    field: "materials_care",
    title: "Materials & Care Advice",
    fallback:
      "Crafted from superior-grade fabrics chosen for their drape and comfort. To keep each piece at its best, hand wash cold or dry clean, do not tumble dry, and cool iron on the reverse. Store folded or on a padded hanger away from direct sunlight.",
  },
  {
    field: "delivery_returns",
    title: "Delivery & Returns",
    fallback: DELIVERY_TERMS.productText,
  },
  {
    field: "return_exchanges",
    title: "Return and Exchanges",
    fallback: RETURN_TERMS.productText,
  },
  {
    field: "contact_info",
    title: "Want to Contact Us",
    fallback: `Our team is here to help with sizing, styling and orders. E-mail ${SHOP.email} or call ${SHOP.phone}, Monday to Friday 9:00-18:00 and Saturday 10:00-16:00 GMT. We reply to every e-mail ${SHOP.replyTime}.`,
  },
] as const;

export const SIZE_CHART_HREF = "/getting-started#fit-guide";
