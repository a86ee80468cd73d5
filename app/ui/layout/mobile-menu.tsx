import { Link, NavLink } from "react-router";
import { ButtonLink, buttonClass } from "#app/ui/button.tsx";
import { SHOP } from "#contract/shop.ts";
import { Drawer } from "./drawer.tsx";
import { LogoutForm } from "./logout-form.tsx";
import { ACCOUNT_LINKS, MAIN_NAV, telHref } from "./navigation.ts";
import { accountLabel, type ShellUser } from "./user-label.ts";

/** The side menu below 937 px: main navigation, then the account block. */
export function MobileMenu({ user, signInHref }: { user: ShellUser | null; signInHref: string }) {
  return (
    <Drawer label="Menu" icon="menu" side="start" className="mobile-menu">
      <p className="drawer__brand">{SHOP.name}</p>
      <nav aria-label="Mobile">
        <ul className="mobile-menu__nav">
          {MAIN_NAV.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="mobile-menu__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__account">
        {user ? (
          <>
            <p className="eyebrow">Signed in as</p>
            <p className="mobile-menu__user">{accountLabel(user)}</p>
            <ul className="mobile-menu__account-links">
              {ACCOUNT_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
            <LogoutForm label="Sign Out" className={buttonClass({ variant: "outline", block: true })} />
          </>
        ) : (
          <div className="mobile-menu__auth">
            <ButtonLink to={signInHref} block>
              Sign In
            </ButtonLink>
            <ButtonLink to="/signup" variant="outline" block>
              Sign Up
            </ButtonLink>
          </div>
        )}
      </div>
      <div className="mobile-menu__contact">
        <a href={telHref(SHOP.phone)}>{SHOP.phone}</a>
        <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
      </div>
    </Drawer>
  );
}
