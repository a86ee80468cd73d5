import { memo, type ReactNode, useMemo } from "react";
import { preload } from "react-dom";
import { Link } from "react-router";
import { cardAnchor, imageOrPlaceholder, type ProductCardView, productHref, struckPrice } from "#app/features/catalogue/product-view.ts";
import { Price } from "#app/ui/price.tsx";
import { MSG } from "#contract/messages.ts";
import {
  type CardFormIds,
  CardForms,
  type CardState,
  cardFormIds,
  cardState,
  QuickAddButton,
  useCatalogueForms,
  WishlistToggle,
} from "./cart-forms.tsx";
import { ColorDots } from "./color-dots.tsx";

/** Product images are drawn at 3:4; the attributes stop layout shift, CSS sizes them. */
const CARD_IMAGE_SIZE = { width: 600, height: 800 } as const;

/**
 * The image half of a product card (the catalogue's and the wishlist's): the picture linking to the product,
 * the out-of-stock badge, and the card's own controls over the image.
 */
export function ProductCardMedia({
  href,
  image,
  priority,
  soldOut,
  children,
}: {
  href: string;
  image: string;
  /** The first card image above the fold loads eagerly with high priority. */
  priority: boolean;
  soldOut: boolean;
  children: ReactNode;
}) {
  if (priority) preload(image, { as: "image", fetchPriority: "high" });
  return (
    <div className="product-card__media">
      <Link to={href} className="product-card__image-link" tabIndex={-1} aria-hidden="true">
        <img
          src={image}
          alt=""
          width={CARD_IMAGE_SIZE.width}
          height={CARD_IMAGE_SIZE.height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
        />
      </Link>
      {soldOut ? <span className="product-card__badge">{MSG.catalogue.outOfStock}</span> : null}
      {children}
    </div>
  );
}

interface ProductCardProps extends CardState {
  product: ProductCardView;
  /** The card's id on the page: its buttons send the shopper back to it (`#<anchor>`), not to the top. */
  anchor: string;
  /** The grid's shared forms, which the card's buttons post. */
  formIds: CardFormIds;
  /** How many colour dots fit (COLOR_DOTS.listing or .recommended). */
  maxDots: number;
  /** The first card image above the fold loads eagerly with high priority. */
  priority?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * A product in a grid: the image and name open the product; on hover (or focus, and always on touch
 * screens) BUY NOW, the add-to-cart icon and the wishlist icon appear over the image. Memoised: its props are
 * the product and primitives, so a change of the router's state re-renders only the cards it changes.
 */
const ProductCard = memo(function ProductCard({
  product,
  anchor,
  formIds,
  adding,
  saved,
  saving,
  maxDots,
  priority = false,
  headingLevel = 3,
}: ProductCardProps) {
  const href = productHref(product);
  const original = struckPrice(product);
  const Heading = `h${headingLevel}` as const;
  const soldOut = product.stock_status === "Out of Stock";
  return (
    <article className="product-card" id={anchor}>
      <ProductCardMedia href={href} image={imageOrPlaceholder(product.main_image)} priority={priority} soldOut={soldOut}>
        <div className="product-card__actions">
          <Link to={href} className="product-card__buy">
            {MSG.catalogue.buyNow}
            <span className="visually-hidden">: {product.name}</span>
          </Link>
          <QuickAddButton
            ids={formIds}
            anchor={anchor}
            productId={product.id}
            productName={product.name}
            inStock={product.canQuickAdd}
            busy={adding}
          />
          <WishlistToggle saved={saved} busy={saving} productName={product.name} card={{ ids: formIds, anchor, productId: product.id }} />
        </div>
      </ProductCardMedia>
      <div className="product-card__body">
        <p className="product-card__category">{product.category_name}</p>
        <Heading className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </Heading>
        <p className="product-card__price">
          {original !== null ? <Price amount={original} original /> : null}
          <Price amount={product.current_price} className={original !== null ? "price--sale" : undefined} />
        </p>
        <ColorDots colours={product.colours} max={maxDots} />
      </div>
    </article>
  );
});

export function ProductGrid({
  products,
  maxDots,
  columns,
  priorityCount = 0,
  label,
  headingLevel = 3,
  anchorPrefix = "product",
}: {
  products: readonly ProductCardView[];
  maxDots: number;
  columns: 3 | 4;
  priorityCount?: number;
  label?: string;
  headingLevel?: 2 | 3;
  /** Starts each card's id (`<prefix>-<product id>`): unique per grid where a page has several. */
  anchorPrefix?: string;
}) {
  const forms = useCatalogueForms();
  const formIds = useMemo(() => cardFormIds(anchorPrefix), [anchorPrefix]);
  return (
    <>
      <CardForms ids={formIds} forms={forms} />
      <ul className={`product-grid product-grid--${columns}`} aria-label={label}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              anchor={cardAnchor(anchorPrefix, product.id)}
              formIds={formIds}
              {...cardState(forms, product.id)}
              maxDots={maxDots}
              priority={index < priorityCount}
              headingLevel={headingLevel}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
