import type { IconName } from "#app/ui/icon-names.ts";

/** Shapes of the information pages' copy, rendered by the shared components in app/ui. */

export interface PageCopy {
  /** The h1 and the breadcrumb label. */
  title: string;
  eyebrow: string;
  intro: string;
  /** The meta description. */
  description: string;
}

export interface ProseBlock {
  /** Anchor id, also used by the on-this-page list. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
  points?: readonly string[];
}

export interface StepCopy {
  title: string;
  text: string;
}

export interface CardCopy {
  icon: IconName;
  title: string;
  text: string;
  /** A highlighted fact such as an address or opening hours. */
  detail?: string;
  link?: { to: string; label: string };
}
