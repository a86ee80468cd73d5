import { memo } from "react";
import { Link } from "react-router";
import { Icon, SocialIcon } from "#app/ui/icons.tsx";
import { COLLECTIONS } from "#contract/constants.ts";
import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";
import { collectionHref, INFORMATION_LINKS, telHref } from "./navigation.ts";

/** The footer of every page: the shop's links, collections and contact details. */
export const SiteFooter = memo(function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo">
            {SHOP.name}
          </Link>
          <p className="site-footer__tagline">{SHOP.tagline}</p>
          <ul className="site-footer__social" aria-label="Follow us">
            {SHOP.social.map((link) => (
              <li key={link.network}>
                <a href={link.url} className="icon-button" aria-label={link.network} rel="noopener noreferrer" target="_blank">
                  <SocialIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-information">
          <h2 id="footer-information" className="site-footer__heading">
            Information
          </h2>
          <ul>
            {INFORMATION_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-collections">
          <h2 id="footer-collections" className="site-footer__heading">
            Collections
          </h2>
          <ul>
            {COLLECTIONS.map((collection) => (
              <li key={collection}>
                <Link to={collectionHref(collection)}>{collection}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2 className="site-footer__heading">Contact</h2>
          <address className="site-footer__contact">
            <p>
              <Icon name="mapPin" />
              <span>{SHOP_ADDRESS_ONE_LINE}</span>
            </p>
            <p>
              <Icon name="phone" />
              <a href={telHref(SHOP.phone)}>{SHOP.phone}</a>
            </p>
            <p>
              <Icon name="mail" />
              <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
            </p>
            <p>
              <Icon name="clock" />
              <span>{SHOP.flagshipHours}</span>
            </p>
          </address>
        </div>
      </div>
      <div className="site-footer__legal container">
        <p>
          © {new Date().getFullYear()} {SHOP.legalName}. All rights reserved.
        </p>
        <ul>
          <li>
            <Link to="/terms-of-services">Terms and Conditions</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
});
