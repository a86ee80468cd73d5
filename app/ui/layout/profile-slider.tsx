import { Link } from "react-router";
import { RECENTLY_VIEWED_PLACEHOLDERS } from "#app/lib/constants.ts";
import { buttonClass } from "#app/ui/button.tsx";
import type { RecentlyViewedDto } from "#contract/dto/product-reference.ts";
import { MSG } from "#contract/messages.ts";
import type { RecentlyViewedState } from "../../features/recently-viewed/recently-viewed-state.ts";
import { useRecentlyViewed } from "../../features/recently-viewed/use-recently-viewed.tsx";
import { Drawer } from "./drawer.tsx";
import { LogoutForm } from "./logout-form.tsx";
import { ACCOUNT_LINKS } from "./navigation.ts";
import { greetingName, type ShellUser } from "./user-label.ts";

interface ProfileSliderProps {
  user: ShellUser;
  /** The root loader's list, shown until the slider opens and fetches a fresh one. */
  recentlyViewed: readonly RecentlyViewedDto[];
}

/** The signed-in shopper's panel from the right (at most 500 px wide). */
export function ProfileSlider({ user, recentlyViewed: initial }: ProfileSliderProps) {
  const recentlyViewed = useRecentlyViewed(initial);
  return (
    <Drawer label="My account" icon="user" side="end" className="profile-slider" onOpen={recentlyViewed.load}>
      <p className="eyebrow">My account</p>
      <p className="profile-slider__greeting">Hello, {greetingName(user)}</p>
      <ul className="profile-slider__actions">
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={buttonClass({ variant: "outline", block: true })}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <LogoutForm label="LOGOUT" className={buttonClass({ variant: "primary", block: true })} />
        </li>
      </ul>
      <section className="profile-slider__recent" aria-labelledby="recently-viewed-heading" aria-busy={recentlyViewed.loading}>
        <h2 id="recently-viewed-heading" className="profile-slider__recent-title">
          Recently viewed
        </h2>
        <RecentlyViewedList {...recentlyViewed} />
      </section>
    </Drawer>
  );
}

const PLACEHOLDER_KEYS = Array.from({ length: RECENTLY_VIEWED_PLACEHOLDERS }, (_, index) => `placeholder-${index}`);

function RecentlyViewedList({ items, loading }: RecentlyViewedState) {
  if (loading) {
    return (
      <ul className="recent-list">
        {PLACEHOLDER_KEYS.map((key) => (
          <li key={key} className="recent-item recent-item--placeholder" aria-hidden="true">
            <span className="recent-item__image" />
            <span className="recent-item__lines">
              <span />
              <span />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (items.length === 0) return <p className="profile-slider__empty">{MSG.recentlyViewed.empty}</p>;
  return (
    <ul className="recent-list">
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.href} className="recent-item">
            <img className="recent-item__image" src={item.image} alt="" width={72} height={96} loading="lazy" />
            <span className="recent-item__text">
              <span className="recent-item__name">{item.name}</span>
              <span className="recent-item__price">{item.price}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
