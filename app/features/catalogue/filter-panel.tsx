import { memo, useRef } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { LISTING_PARAM } from "#app/features/catalogue/listing-path.ts";
import type { ListingQuery } from "#app/features/catalogue/listing-schema.ts";
import { activePricePreset, appliedFilterChips, listingHref, withPriceRange } from "#app/features/catalogue/listing-url.ts";
import { PRICE_PRESETS } from "#app/lib/constants.ts";
import { Icon } from "#app/ui/icons.tsx";
import { SIZES, STOCK_STATUSES } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { AppliedFilters } from "./applied-filters.tsx";
import { LISTING_FORM_ID, LISTING_NAV, LISTING_RESULTS_ID, useUrlControl } from "./use-listing-form.ts";

interface FilterPanelProps {
  /** The query shown: the one loading, if any. */
  query: ListingQuery;
  categories: readonly string[];
  submitNow: (adjust?: (params: URLSearchParams) => void) => void;
  submitSoon: () => void;
  /** The matching products once the shown query has loaded; null while it loads or when it failed. */
  total: number | null;
}

/**
 * The listing's filters. Every control belongs to the listing GET form (the `form` attribute) and is
 * uncontrolled (`useUrlControl`), so until the page has hydrated Apply submits them, and once it has each change
 * applies at once. Presets, chips and clear all are links.
 * A <details> so it folds away on small screens, closed on arrival even with filters active (their chips show
 * above the results there); on wide screens CSS keeps it open. Memoised: its props are the page's data and stable
 * callbacks, so a navigation's state does not render its controls again.
 */
export const FilterPanel = memo(function FilterPanel({ query, categories, submitNow, submitSoon, total }: FilterPanelProps) {
  const enhanced = useHydrated();
  const panel = useRef<HTMLDetailsElement>(null);
  const onChange = () => submitNow();
  const categoryNames = [...categories, ...query.category.filter((name) => !categories.includes(name))];
  const preset = activePricePreset(query);
  const chips = appliedFilterChips(query);

  return (
    <details className="filter-panel" ref={panel}>
      <summary className="filter-panel__summary">
        <span>{MSG.catalogue.filters}</span>
        {chips.length > 0 ? <span className="filter-panel__count">{chips.length}</span> : null}
        <Icon name="chevronDown" className="filter-panel__chevron" />
      </summary>
      <div className="filter-panel__body">
        <AppliedFilters query={query} className="filter-chips--in-panel" />

        <fieldset className="filter-group">
          <legend className="filter-group__title">{MSG.catalogue.filterCategory}</legend>
          <FilterCheck
            checked={query.category.length === 0}
            label={MSG.catalogue.filterAll}
            onChange={() => submitNow((params) => params.delete(LISTING_PARAM.category))}
          />
          <FilterChecks name={LISTING_PARAM.category} options={categoryNames} selected={query.category} onChange={onChange} />
        </fieldset>

        <fieldset className="filter-group">
          <legend className="filter-group__title">{MSG.catalogue.filterStock}</legend>
          <FilterChecks name={LISTING_PARAM.stock} options={STOCK_STATUSES} selected={query.stock} onChange={onChange} />
        </fieldset>

        <fieldset className="filter-group">
          <legend className="filter-group__title">{MSG.catalogue.filterSize}</legend>
          <div className="size-options">
            {SIZES.map((size) => (
              <FilterCheck
                key={size}
                className="size-check"
                name={LISTING_PARAM.size}
                value={size}
                label={size}
                checked={query.size.includes(size)}
                onChange={onChange}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="filter-group">
          <legend className="filter-group__title">{MSG.catalogue.filterPrice}</legend>
          <div className="price-inputs">
            <PriceBoundInput label={MSG.catalogue.filterMin} name={LISTING_PARAM.minPrice} initial={query.minPrice} onEdit={submitSoon} />
            <span className="price-inputs__dash" aria-hidden="true">
              –
            </span>
            <PriceBoundInput label={MSG.catalogue.filterMax} name={LISTING_PARAM.maxPrice} initial={query.maxPrice} onEdit={submitSoon} />
          </div>
          <ul className="price-presets">
            {PRICE_PRESETS.map((item) => {
              const active = preset?.label === item.label;
              const target = active ? withPriceRange(query, null, null) : withPriceRange(query, item.min, item.max);
              return (
                <li key={item.label}>
                  <Link to={listingHref(target)} className="price-preset" aria-current={active ? "true" : undefined} {...LISTING_NAV}>
                    <span className="price-preset__radio" aria-hidden="true" />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </fieldset>

        {enhanced ? (
          // On a phone each tick applies under the open panel, out of sight: this says what it found, and folds
          // the panel away to show it. Wide screens show the results beside the panel (the stylesheet hides it).
          <button
            type="button"
            className="button button--primary button--block filter-panel__show"
            aria-busy={total === null || undefined}
            onClick={() => {
              if (panel.current) panel.current.open = false;
              document.getElementById(LISTING_RESULTS_ID)?.scrollIntoView({ block: "start" });
            }}
          >
            {total === null ? MSG.catalogue.loadingProducts : MSG.catalogue.showResults(total)}
          </button>
        ) : (
          <button type="submit" form={LISTING_FORM_ID} className="button button--primary button--block">
            {MSG.catalogue.applyFilters}
          </button>
        )}
      </div>
    </details>
  );
});

/** One end of the price range, in pounds; typing applies after a pause. */
function PriceBoundInput({ label, name, initial, onEdit }: { label: string; name: string; initial: number | null; onEdit: () => void }) {
  const value = initial === null ? "" : String(initial);
  const bound = useUrlControl<HTMLInputElement>(value);
  return (
    <label className="price-inputs__field">
      <span>{label} (£)</span>
      <input
        ref={bound}
        className="input"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        form={LISTING_FORM_ID}
        name={name}
        defaultValue={value}
        onChange={onEdit}
      />
    </label>
  );
}

/** One checkbox per option, all in the listing form under `name`. */
function FilterChecks({
  name,
  options,
  selected,
  onChange,
}: {
  name: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: () => void;
}) {
  return options.map((option) => (
    <FilterCheck key={option} name={name} value={option} label={option} checked={selected.includes(option)} onChange={onChange} />
  ));
}

/** A checkbox of the listing form, ticked as the URL says (`checked`) until the shopper changes it. */
function FilterCheck({
  className = "check",
  name,
  value,
  label,
  checked,
  onChange,
}: {
  className?: string;
  name?: string;
  value?: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  const ref = useUrlControl<HTMLInputElement>(checked);
  return (
    <label className={className}>
      <input ref={ref} type="checkbox" form={LISTING_FORM_ID} name={name} value={value} defaultChecked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}
