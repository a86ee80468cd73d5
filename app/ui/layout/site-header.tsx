import { memo } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { FOCUSED_SEARCH_HREF } from "#app/features/catalogue/listing-path.ts";
import { signInUrlFor } from "#app/session/sign-in-path.ts";
import { CountBadge, cartIconLabel } from "#app/ui/count-badge.tsx";
import { Icon } from "#app/ui/icons.tsx";
import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";
import { SHOP } from "#contract/shop.ts";
import { MobileMenu } from "./mobile-menu.tsx";
import { MAIN_NAV } from "./navigation.ts";
import { ProfileSlider } from "./profile-slider.tsx";
import type { ShellUser } from "./user-label.ts";

export interface SiteHeaderProps {
  user: ShellUser | null;
  cartCount: number;
  recentlyViewed: readonly RecentlyViewedDto[];
}

export const SiteHeader = memo(function SiteHeader({ user, cartCount, recentlyViewed }: SiteHeaderProps) {
  const cartLabel = cartIconLabel(cartCount);
  const location = useLocation();
  // Signing in comes back to this page.
  const signInHref = signInUrlFor(`${location.pathname}${location.search}`);
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <div className="site-header__start">
          <MobileMenu user={user} signInHref={signInHref} />
          <Link to={FOCUSED_SEARCH_HREF} className="icon-button" aria-label="Search">
            <Icon name="search" />
          </Link>
        </div>
        <Link to="/" className="site-logo">
          <span className="site-logo__name">{SHOP.name}</span>
          <span className="site-logo__place" aria-hidden="true">
            {SHOP.address.city}
          </span>
        </Link>
        <div className="site-header__end">
          {user ? (
            <>
              <Link to="/wishlist" className="icon-button site-header__wishlist" aria-label="Wishlist">
                <Icon name="heart" />
              </Link>
              <ProfileSlider user={user} recentlyViewed={recentlyViewed} />
            </>
          ) : (
            <ul className="site-header__auth">
              <li>
                <Link to={signInHref}>Sign In</Link>
              </li>
              <li>
                <Link to="/signup">Sign Up</Link>
              </li>
            </ul>
          )}
          <Link to="/cart" className="icon-button cart-link" aria-label={cartLabel}>
            <Icon name="bag" />
            <CountBadge count={cartCount} />
          </Link>
        </div>
      </div>
      <nav className="site-nav" aria-label="Main">
        <ul className="site-nav__list">
          {MAIN_NAV.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="site-nav__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
});
