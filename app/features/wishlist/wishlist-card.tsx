import { Form, Link } from "react-router";
import { ProductCardMedia } from "#app/features/catalogue/product-card.tsx";
import type { WishlistCardView } from "#app/features/wishlist/engagement-view.ts";
import { Icon } from "#app/ui/icons.tsx";
import { LoadingTextField } from "#app/ui/layout/loading-overlay.tsx";
import { Price } from "#app/ui/price.tsx";
import { MSG } from "#contract/messages.ts";

/**
 * One saved product, dressed as a product card. The share button only logged in the
 * original, so it is left out.
 */
export function WishlistCard({ item, priority }: { item: WishlistCardView; priority: boolean }) {
  return (
    <article className="product-card">
      <ProductCardMedia href={item.href} image={item.image} priority={priority} soldOut={item.outOfStock}>
        <Form method="post" action="/wishlist" className="wishlist-card__remove" preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={item.productId} />
          <LoadingTextField text={MSG.loading.updatingWishlist} />
          <button type="submit" className="icon-button icon-button--raised" title={MSG.catalogue.removeFromWishlist}>
            <Icon name="close" />
            <span className="visually-hidden">{`${MSG.catalogue.removeFromWishlist}: ${item.name}`}</span>
          </button>
        </Form>
      </ProductCardMedia>
      <div className="product-card__body">
        <h2 className="product-card__name">
          <Link to={item.href}>{item.name}</Link>
        </h2>
        <p className="product-card__price">
          {item.originalPrice !== null ? <Price amount={item.originalPrice} original /> : null}
          <Price amount={item.price} className={item.originalPrice !== null ? "price--sale" : undefined} />
        </p>
        <p className="wishlist-card__meta">
          {MSG.wishlist.categoryLabel}: {item.category}
        </p>
        {item.sku ? (
          <p className="wishlist-card__meta">
            {MSG.wishlist.skuLabel}: {item.sku}
          </p>
        ) : null}
      </div>
    </article>
  );
}
