import { memo } from "react";
import { VALUE_STRIP } from "#app/lib/constants.ts";
import type { IconName } from "./icon-names.ts";
import { Icon } from "./icons.tsx";

const VALUE_ICONS: Record<(typeof VALUE_STRIP)[number], IconName> = {
  "Superior-Grade Fabric": "fabric",
  "Made With Integrity": "integrity",
  "Swift Delivery": "delivery",
  "Secure Payment": "securePayment",
  "Inhouse Creation": "needle",
};

/** The five promises of the house; the root layout places it above the footer on every page. */
export const ValueStrip = memo(function ValueStrip() {
  return (
    <section className="value-strip" aria-label="Our standards">
      <ul className="value-strip__list container">
        {VALUE_STRIP.map((value) => (
          <li key={value} className="value-strip__item">
            <Icon name={VALUE_ICONS[value]} className="value-strip__icon" />
            <span>{value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
});
