import { Link } from "react-router";
import type { CardCopy } from "#app/content/types.ts";
import { Icon } from "./icons.tsx";

/** A responsive grid of icon cards (1, 2, then up to `columns` across). */
export function InfoCards({ cards, columns = 3 }: { cards: readonly CardCopy[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`info-cards info-cards--${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="info-card">
          <Icon name={card.icon} className="info-card__icon" />
          <h3 className="info-card__title">{card.title}</h3>
          <p className="info-card__text">{card.text}</p>
          {card.detail ? <p className="info-card__detail">{card.detail}</p> : null}
          {card.link ? (
            <Link to={card.link.to} className="text-link">
              {card.link.label}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
