import { SHOP, SHOP_ADDRESS_ONE_LINE } from "#contract/shop.ts";

/** The main roads, drawn twice: a sand casing under a white carriageway. */
const MAIN_ROADS = ["M0 80c200 10 520-10 800 6", "M0 420c220-14 560 8 800-4", "M395 0c-10 160 20 320 5 480"];

/**
 * An illustrated street map around the flagship, drawn inline: no map tiles, so the page renders whole
 * offline and under the CSP. Colours come from contact.css (tokens), not from attributes. It fills its
 * frame (`slice`), cropping the edges on narrow screens, so everything that matters sits near the centre.
 */
export function LocationMap() {
  return (
    <svg
      className="location-map"
      viewBox="0 0 800 480"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-labelledby="location-map-title"
    >
      <title id="location-map-title">{`Illustrated map of the ${SHOP.name} flagship at ${SHOP_ADDRESS_ONE_LINE}`}</title>
      <rect className="location-map__land" width="800" height="480" />
      <path
        className="location-map__street location-map__street--minor"
        d="M0 120h800M0 230h260m110 0h430M0 350h800M120 0v480M250 0l-30 480M540 0l20 480M680 0v480M260 230c40-10 70-10 110 0"
      />
      <path className="location-map__park" d="M150 120h180l-16 84H166Z" />
      <path className="location-map__park" d="M470 300h170v96H490Z" />
      {MAIN_ROADS.map((road) => (
        <path key={`casing-${road}`} className="location-map__street location-map__street--casing" d={road} />
      ))}
      {MAIN_ROADS.map((road) => (
        <path key={road} className="location-map__street location-map__street--main" d={road} />
      ))}
      <path className="location-map__rail" d="M0 455c260-30 520-10 800-40" />
      <g className="location-map__label">
        <text x="440" y="66">
          ROMFORD ROAD
        </text>
        <text x="150" y="404">
          BARKING ROAD
        </text>
        <text x="419" y="300" transform="rotate(90 419 300)">
          GREEN STREET
        </text>
        <text x="178" y="168" className="location-map__label--park">
          West Ham Park
        </text>
        <text x="500" y="354" className="location-map__label--park">
          Plashet Park
        </text>
      </g>
      <g transform="translate(400 250)">
        <circle className="location-map__halo" r="40" />
        <path className="location-map__marker" d="M0 0c-14-18-22-30-22-42a22 22 0 0 1 44 0c0 12-8 24-22 42Z" />
        <circle className="location-map__dot" cy="-42" r="8" />
      </g>
      <g className="location-map__tag" transform="translate(436 196)">
        <rect width="196" height="58" rx="2" />
        <text x="16" y="26" className="location-map__tag-name">
          {SHOP.name}
        </text>
        <text x="16" y="44" className="location-map__tag-line">
          {`${SHOP.address.line1}, ${SHOP.address.postalCode}`}
        </text>
      </g>
    </svg>
  );
}
