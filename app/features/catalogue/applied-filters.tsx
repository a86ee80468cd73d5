import { Link } from "react-router";
import type { ListingQuery } from "#app/features/catalogue/listing-schema.ts";
import { appliedFilterChips, listingHref, withoutFilters } from "#app/features/catalogue/listing-url.ts";
import { Icon } from "#app/ui/icons.tsx";
import { MSG } from "#contract/messages.ts";
import { LISTING_NAV } from "./use-listing-form.ts";

/** The active filters as removable chips with a clear-all link; nothing when no filter is set. */
export function AppliedFilters({ query, className }: { query: ListingQuery; className: string }) {
  const chips = appliedFilterChips(query);
  if (chips.length === 0) return null;
  return (
    <div className={`filter-chips ${className}`}>
      <p className="filter-group__title">{MSG.catalogue.appliedFilters}</p>
      <ul className="filter-chips__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link to={chip.href} className="filter-chip" aria-label={MSG.catalogue.removeFilter(chip.label)} {...LISTING_NAV}>
              <span>{chip.label}</span>
              <Icon name="close" className="filter-chip__icon" />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={listingHref(withoutFilters(query))} className="filter-chips__clear" {...LISTING_NAV}>
        {MSG.catalogue.clearAll}
      </Link>
    </div>
  );
}
