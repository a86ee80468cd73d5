import type { Garment } from "./catalogue-data.ts";

/**
 * Flat fashion illustrations as SVG strings: a garment on a brass hanger before a soft arch.
 * Garments are drawn in an 800 × 1000 frame; wider scenes place scaled copies of that frame.
 */

const PORTRAIT = { width: 800, height: 1000 } as const;
const WIDE = { width: 1600, height: 700 } as const;

type Point = readonly [number, number];
/** One step of a silhouette's right half: a line, or a cubic curve when both control points are given. */
type Step = readonly [to: Point, c1?: Point, c2?: Point];

const CENTRE = PORTRAIT.width / 2;
const mirror = ([x, y]: Point): Point => [2 * CENTRE - x, y];
const pt = ([x, y]: Point) => `${x} ${y}`;

/**
 * A closed outline symmetric about the centre line, from the right half: it starts on the centre line,
 * runs down the right side and ends on the centre line; the left half is the mirror image, traced back.
 */
function symmetric(start: Point, right: readonly Step[]): string {
  const points = [start, ...right.map(([to]) => to)];
  const rightPath = right.map(([to, c1, c2]) => (c1 && c2 ? `C ${pt(c1)} ${pt(c2)} ${pt(to)}` : `L ${pt(to)}`)).join(" ");
  const leftPath = right
    .map((_, i) => right.length - 1 - i)
    .map((i) => {
      const [, c1, c2] = right[i];
      const to = mirror(points[i]);
      return c1 && c2 ? `C ${pt(mirror(c2))} ${pt(mirror(c1))} ${pt(to)}` : `L ${pt(to)}`;
    })
    .join(" ");
  return `M ${pt(start)} ${rightPath} ${leftPath} Z`;
}

/** Draws `content` and its mirror image about the centre line (for paired details such as folds). */
const bothSides = (content: string) => `${content}<g transform="matrix(-1 0 0 1 ${2 * CENTRE} 0)">${content}</g>`;

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(hex: string, withHex: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(withHex);
  return `#${a
    .map((channel, i) =>
      Math.round(channel + (b[i] - channel) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => c / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

interface Palette {
  id: string;
  base: string;
  outline: string;
  /** Fold and seam lines: darker on light cloth, lighter on dark cloth. */
  fold: string;
  shade: string;
  light: string;
}

const GOLD = "#b8975a";
const GOLD_LIGHT = "#e4d2a2";
const BRASS = ["#d9c08a", "#a98948"] as const;

function paletteOf(id: string, hex: string): Palette {
  const dark = luminance(hex) < 0.3;
  return {
    id,
    base: hex,
    outline: mix(hex, "#000000", dark ? 0.35 : 0.28),
    fold: dark ? mix(hex, "#ffffff", 0.28) : mix(hex, "#000000", 0.3),
    shade: mix(hex, "#000000", 0.2),
    light: mix(hex, "#ffffff", dark ? 0.12 : 0.22),
  };
}

function garmentDefs(p: Palette): string {
  return `<linearGradient id="${p.id}-cloth" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${p.light}"/><stop offset="0.42" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/>
  </linearGradient>
  <linearGradient id="${p.id}-sheen" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.04"/><stop offset="1" stop-color="#000000" stop-opacity="0.08"/>
  </linearGradient>
  <filter id="${p.id}-shadow" x="-20%" y="-10%" width="140%" height="130%">
    <feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#3b2f24" flood-opacity="0.18"/>
  </filter>`;
}

/** A cloth panel: shaded fill, top-down sheen and a fine outline. */
function cloth(p: Palette, d: string, fill = `url(#${p.id}-cloth)`): string {
  return `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#${p.id}-sheen)" stroke="${p.outline}" stroke-width="1.6" stroke-linejoin="round"/>`;
}

function lines(p: Palette, paths: readonly string[], opacity = 0.45, width = 2): string {
  return paths
    .map(
      (d) => `<path d="${d}" fill="none" stroke="${p.fold}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`,
    )
    .join("");
}

function hanger(id: string): string {
  return `<linearGradient id="${id}-brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRASS[0]}"/><stop offset="1" stop-color="${BRASS[1]}"/></linearGradient>
  <path d="M400 170 V140 C400 122 386 112 372 116 C360 120 358 134 366 140" fill="none" stroke="url(#${id}-brass)" stroke-width="5" stroke-linecap="round"/>
  <path d="M400 170 L282 220 Q274 226 284 228 H516 Q526 226 518 220 Z" fill="none" stroke="url(#${id}-brass)" stroke-width="4.5" stroke-linejoin="round"/>
  <circle cx="400" cy="170" r="5" fill="${BRASS[1]}"/>`;
}

/** A straight-bar clip hanger for skirts and trousers. */
function clipHanger(id: string): string {
  return `<linearGradient id="${id}-brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRASS[0]}"/><stop offset="1" stop-color="${BRASS[1]}"/></linearGradient>
  <path d="M400 168 V140 C400 122 386 112 372 116 C360 120 358 134 366 140" fill="none" stroke="url(#${id}-brass)" stroke-width="5" stroke-linecap="round"/>
  <rect x="290" y="166" width="220" height="8" rx="4" fill="url(#${id}-brass)"/>
  ${bothSides(`<rect x="452" y="170" width="16" height="32" rx="3" fill="${BRASS[1]}"/>`)}`;
}

function trousersShape(p: Palette, top: number, hem: number, hemHalfWidth: number, waistHalfWidth: number): string {
  const crotch = top + (hem - top) * 0.28;
  const outline = symmetric(
    [CENTRE, top],
    [
      [[CENTRE + waistHalfWidth, top]],
      [
        [CENTRE + hemHalfWidth + 8, hem],
        [CENTRE + waistHalfWidth + 18, top + 160],
        [CENTRE + hemHalfWidth, hem - 260],
      ],
      [[CENTRE + 14, hem]],
      [
        [CENTRE, crotch],
        [CENTRE + 10, hem - 250],
        [CENTRE + 4, crotch + 60],
      ],
    ],
  );
  const creaseX = CENTRE + (hemHalfWidth + 14) / 2;
  return `${cloth(p, outline)}${bothSides(lines(p, [`M${CENTRE + waistHalfWidth * 0.6} ${top + 34} L${creaseX} ${hem - 6}`, `M${CENTRE + waistHalfWidth - 16} ${top + 30} L${CENTRE + waistHalfWidth - 2} ${top + 100}`], 0.35))}`;
}

type Drawing = (p: Palette) => string;

const maxiDress: Drawing = (p) =>
  `${hanger(p.id)}${cloth(
    p,
    symmetric(
      [CENTRE, 236],
      [
        [
          [440, 206],
          [422, 236],
          [436, 222],
        ],
        [[488, 216]],
        [
          [552, 420],
          [518, 228],
          [542, 300],
        ],
        [[566, 562]],
        [[530, 570]],
        [[518, 430]],
        [
          [498, 306],
          [514, 382],
          [508, 334],
        ],
        [
          [476, 440],
          [492, 362],
          [482, 404],
        ],
        [
          [612, 905],
          [522, 560],
          [580, 762],
        ],
        [
          [CENTRE, 928],
          [540, 922],
          [462, 928],
        ],
      ],
    ),
  )}
  ${bothSides(lines(p, ["M532 552 L566 546", "M428 452 C438 600 450 760 462 922", "M456 448 C478 600 512 770 548 914", "M472 316 C478 360 480 400 478 430", "M520 250 C534 300 544 360 548 420"]))}
  <path d="M324 436 Q400 452 476 436 L478 452 Q400 468 322 452 Z" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>
  <path d="M418 456 C414 500 408 540 400 584 M430 456 C436 500 444 530 452 570" fill="none" stroke="${p.shade}" stroke-width="12" stroke-linecap="round"/>
  <path d="M372 226 Q400 246 428 226" fill="none" stroke="${p.fold}" stroke-opacity="0.5" stroke-width="2"/>`;

const tunic: Drawing = (p) =>
  `${hanger(p.id)}${cloth(
    p,
    symmetric(
      [CENTRE, 226],
      [
        [
          [426, 206],
          [414, 226],
          [424, 218],
        ],
        [[486, 216]],
        [
          [546, 420],
          [514, 228],
          [536, 300],
        ],
        [[558, 600]],
        [[520, 606]],
        [[510, 440]],
        [
          [496, 312],
          [506, 380],
          [500, 340],
        ],
        [
          [508, 724],
          [502, 420],
          [506, 580],
        ],
        [
          [CENTRE, 738],
          [476, 732],
          [430, 738],
        ],
      ],
    ),
  )}
  <path d="M374 196 Q400 206 426 196 L428 212 Q400 228 372 212 Z" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>
  ${lines(p, ["M400 226 V430"], 0.55)}
  ${[258, 300, 342, 384].map((y) => `<circle cx="407" cy="${y}" r="3.6" fill="${p.light}" stroke="${p.outline}" stroke-width="1"/>`).join("")}
  ${bothSides(lines(p, ["M506 640 L508 724", "M522 584 L556 580", "M440 300 C446 440 452 600 456 730", "M516 250 C528 300 538 360 542 420"]))}`;

const skirt: Drawing = (p) => {
  const pleats = [1, 2, 3, 4, 5, 6].map(
    (k) => `M${CENTRE + k * 13} 224 C${CENTRE + k * 18} 500 ${CENTRE + k * 27} 760 ${CENTRE + k * 33} 916`,
  );
  return `${clipHanger(p.id)}${cloth(
    p,
    symmetric(
      [CENTRE, 226],
      [
        [[484, 226]],
        [
          [612, 902],
          [520, 420],
          [584, 700],
        ],
        [
          [CENTRE, 924],
          [540, 918],
          [462, 924],
        ],
      ],
    ),
  )}
  <rect x="316" y="192" width="168" height="34" rx="3" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>
  ${lines(p, [`M${CENTRE} 228 V922`], 0.3)}${bothSides(lines(p, pleats, 0.35, 1.6))}`;
};

const trousers: Drawing = (p) =>
  `${clipHanger(p.id)}${trousersShape(p, 224, 918, 150, 84)}
  <rect x="314" y="192" width="172" height="34" rx="3" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>
  ${bothSides(`<rect x="448" y="192" width="7" height="38" rx="2" fill="${p.base}" stroke="${p.outline}" stroke-width="1"/>`)}`;

const scarf: Drawing = (p) => {
  const fringe = Array.from({ length: 31 }, (_, i) => `M${282 + i * 8} ${872 - i * 1.2} l${i % 2 ? 2 : -2} 20`);
  return `${hanger(p.id)}
  <path d="M296 224 L506 224 L550 896 L262 884 Z" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.4"/>
  ${cloth(p, "M276 214 Q400 196 524 214 C530 420 528 640 524 836 L278 874 C272 650 270 420 276 214 Z")}
  ${cloth(p, "M280 262 C360 300 470 380 526 470 L525 600 C470 500 370 400 278 350 Z")}
  <path d="M276 214 Q400 196 524 214 Q526 244 512 256 Q400 238 288 256 Q274 244 276 214 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="1.2"/>
  ${lines(p, ["M330 350 C336 520 330 690 334 866", "M404 420 C412 580 398 700 404 856", "M470 480 C462 600 474 720 466 846", "M290 300 C380 340 460 410 524 520"], 0.35)}
  ${lines(p, fringe, 0.7, 1.4)}`;
};

const abayaOutline = symmetric(
  [CENTRE, 230],
  [
    [
      [436, 204],
      [418, 230],
      [430, 218],
    ],
    [[494, 212]],
    [
      [628, 520],
      [546, 232],
      [602, 332],
    ],
    [[642, 600]],
    [[588, 612]],
    [
      [520, 362],
      [570, 522],
      [546, 424],
    ],
    [
      [586, 916],
      [532, 520],
      [562, 742],
    ],
    [
      [CENTRE, 930],
      [520, 926],
      [460, 930],
    ],
  ],
);

const abayaDetails = (p: Palette) =>
  `${lines(p, ["M400 230 V930"], 0.7, 2.2)}
  ${bothSides(lines(p, ["M590 594 L640 584", "M442 262 C452 500 468 700 486 922", "M482 390 C502 600 520 780 544 918", "M508 240 C544 300 574 400 604 540"]))}`;

const abaya: Drawing = (p) => `${hanger(p.id)}${cloth(p, abayaOutline)}${abayaDetails(p)}`;

const beads = (points: readonly Point[]) =>
  points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.6" fill="${GOLD_LIGHT}" stroke="${GOLD}" stroke-width="0.8"/>`).join("");

const occasionAbaya: Drawing = (p) =>
  `${abaya(p)}
  ${bothSides(`<path d="M404 230 V930 M412 232 V930 M436 206 Q424 226 404 232" fill="none" stroke="${GOLD}" stroke-width="1.6"/>
    ${beads(Array.from({ length: 38 }, (_, i) => [408, 246 + i * 18] as const))}
    <path d="M588 612 L642 600 L636 566 L584 578 Z" fill="${GOLD}" fill-opacity="0.35" stroke="${GOLD}" stroke-width="1.4"/>
    ${beads([596, 606, 616, 626, 634].map((x, i) => [x, 592 - i * 2.4] as const))}`)}`;

const kidsDress: Drawing = (p) => {
  const gathers = [1, 2, 3, 4, 5].map(
    (k) => `M${CENTRE + k * 15} 452 C${CENTRE + k * 22} 560 ${CENTRE + k * 36} 700 ${CENTRE + k * 44} 822`,
  );
  return `${hanger(p.id)}${cloth(
    p,
    symmetric(
      [CENTRE, 240],
      [
        [
          [430, 212],
          [418, 240],
          [428, 228],
        ],
        [[468, 220]],
        [
          [546, 294],
          [504, 196],
          [548, 236],
        ],
        [
          [504, 336],
          [544, 336],
          [522, 344],
        ],
        [[490, 318]],
        [
          [478, 436],
          [486, 380],
          [480, 410],
        ],
        [
          [632, 812],
          [548, 540],
          [600, 700],
        ],
        [
          [CENTRE, 842],
          [560, 838],
          [470, 846],
        ],
      ],
    ),
  )}
  ${bothSides(lines(p, gathers, 0.35, 1.6))}${bothSides(lines(p, ["M500 334 Q520 330 540 318", "M478 226 C492 240 500 258 502 280"], 0.5))}
  <path d="M598 806 Q400 846 202 806" fill="none" stroke="${p.fold}" stroke-opacity="0.35" stroke-width="1.6" stroke-dasharray="2 7"/>
  <path d="M322 430 Q400 446 478 430 L480 452 Q400 468 320 452 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="1.2"/>
  <path d="M400 444 C380 420 344 418 344 442 C344 466 380 462 400 448 C420 462 456 466 456 442 C456 418 420 420 400 444 Z M396 450 L376 520 M404 450 L426 516" fill="${p.light}" stroke="${p.outline}" stroke-width="1.4" stroke-linecap="round"/>
  <ellipse cx="400" cy="446" rx="9" ry="8" fill="${p.base}" stroke="${p.outline}" stroke-width="1.2"/>`;
};

const romper: Drawing = (p) =>
  `${hanger(p.id)}${cloth(
    p,
    symmetric(
      [CENTRE, 244],
      [
        [
          [432, 216],
          [420, 244],
          [430, 230],
        ],
        [[474, 222]],
        [
          [540, 262],
          [506, 226],
          [528, 240],
        ],
        [[548, 318]],
        [[498, 326]],
        [[492, 304]],
        [
          [510, 560],
          [508, 400],
          [520, 500],
        ],
        [
          [482, 700],
          [504, 620],
          [496, 676],
        ],
        [[416, 708]],
        [
          [CENTRE, 640],
          [414, 676],
          [406, 650],
        ],
      ],
    ),
  )}
  ${bothSides(`<path d="M402 246 C420 246 446 240 452 222 C470 240 462 272 430 276 C414 278 404 266 402 246 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="1.2"/>
    <path d="M476 224 q10 -14 20 0 q10 -12 20 2 q10 -10 18 6 q8 -6 14 12" fill="none" stroke="${p.outline}" stroke-width="1.4"/>
    ${lines(p, ["M500 318 L546 310", "M420 700 L482 692", "M468 330 C476 420 484 520 480 620"], 0.45)}
    ${[432, 452, 472].map((x) => `<circle cx="${x}" cy="${704 - (x - 432) * 0.2}" r="3.4" fill="${p.light}" stroke="${p.outline}"/>`).join("")}`)}
  ${[300, 340, 380].map((y) => `<circle cx="400" cy="${y}" r="4" fill="${p.light}" stroke="${p.outline}"/>`).join("")}`;

const shirtTop = (p: Palette, bottom: number) =>
  cloth(
    p,
    symmetric(
      [CENTRE, 232],
      [
        [
          [430, 206],
          [414, 232],
          [426, 220],
        ],
        [[500, 220]],
        [
          [586, 430],
          [546, 240],
          [574, 330],
        ],
        [[596, 520]],
        [[552, 530]],
        [[540, 430]],
        [
          [516, 330],
          [536, 390],
          [524, 350],
        ],
        [
          [526, bottom],
          [520, 420],
          [526, 480],
        ],
        [
          [CENTRE, bottom + 12],
          [490, bottom + 8],
          [440, bottom + 12],
        ],
      ],
    ),
  );

const coord: Drawing = (p) =>
  `${hanger(p.id)}${trousersShape(p, 470, 928, 146, 96)}${shirtTop(p, 560)}
  ${bothSides(`<path d="M400 234 L436 204 L452 252 L414 268 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="1.2"/>
    ${lines(p, ["M556 512 L594 506", "M500 222 C510 260 514 300 516 330", "M448 300 C454 400 460 480 462 566"], 0.45)}`)}
  ${lines(p, ["M406 268 V570"], 0.55)}
  ${[300, 350, 400, 450, 500].map((y) => `<circle cx="412" cy="${y}" r="3.6" fill="${p.light}" stroke="${p.outline}"/>`).join("")}
  <path d="M444 300 H484 V340 Q464 348 444 340 Z" fill="none" stroke="${p.fold}" stroke-opacity="0.5" stroke-width="1.6"/>`;

const ribs = (p: Palette, x1: number, x2: number, y1: number, y2: number) =>
  lines(
    p,
    Array.from({ length: Math.floor((x2 - x1) / 7) }, (_, i) => `M${x1 + 4 + i * 7} ${y1} V${y2}`),
    0.35,
    1.2,
  );

const loungeSet: Drawing = (p) =>
  `${hanger(p.id)}${trousersShape(p, 470, 900, 112, 96)}
  ${bothSides(`<rect x="${CENTRE + 10}" y="896" width="106" height="34" rx="6" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>${ribs(p, CENTRE + 12, CENTRE + 114, 900, 926)}`)}
  ${shirtTop(p, 560)}
  <rect x="274" y="556" width="252" height="30" rx="5" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>${ribs(p, 276, 524, 560, 582)}
  ${bothSides(`<path d="M553 528 L597 520 L600 548 L556 556 Z" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>${lines(p, ["M500 222 C510 260 514 300 516 330"], 0.4)}`)}
  <path d="M370 206 Q400 246 430 206" fill="none" stroke="${p.shade}" stroke-width="12"/>`;

/** A woman's dress with a matching child's dress, each on its own hanger. */
const miniMe: Drawing = (p) =>
  `<g transform="translate(-70 40) scale(0.86)">${maxiDress({ ...p, id: `${p.id}-m` })}</g>
  <g transform="translate(330 300) scale(0.62)">${kidsDress({ ...p, id: `${p.id}-k` })}</g>`;

const DRAWINGS: Record<Garment, Drawing> = {
  "maxi-dress": maxiDress,
  tunic,
  skirt,
  trousers,
  scarf,
  abaya,
  "occasion-abaya": occasionAbaya,
  "kids-dress": kidsDress,
  romper,
  "mini-me": miniMe,
  coord,
  "lounge-set": loungeSet,
};

/** The garment with its hanger, in the 800 × 1000 frame, with gradient ids prefixed by `id`. */
function garmentArt(garment: Garment, hex: string, id: string): string {
  const p = paletteOf(id, hex);
  const defs = `<defs>${garmentDefs(p)}${garment === "mini-me" ? `${garmentDefs({ ...p, id: `${id}-m` })}${garmentDefs({ ...p, id: `${id}-k` })}` : ""}</defs>`;
  return `${defs}<g filter="url(#${id}-shadow)">${DRAWINGS[garment](p)}</g>`;
}

interface Backdrop {
  wall: readonly [string, string];
  arch: string;
  floor: string;
}

/** Warm stone for most pieces; a deeper taupe wall keeps pale cloth from melting into the background. */
function backdropFor(hex: string | null, deep = false): Backdrop {
  const pale = hex !== null && luminance(hex) > 0.72;
  if (deep || pale) return { wall: ["#e6dccd", "#d7cab7"], arch: "#eee6da", floor: "#cdbfa9" };
  return { wall: ["#f6f1e9", "#ebe2d6"], arch: "#efe7db", floor: "#e2d7c7" };
}

function portraitBackdrop(b: Backdrop): string {
  return `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b.wall[0]}"/><stop offset="1" stop-color="${b.wall[1]}"/></linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
  <rect width="800" height="1000" fill="url(#wall)"/>
  <path d="M150 1000 V400 A250 250 0 0 1 650 400 V1000 Z" fill="${b.arch}"/>
  <path d="M170 1000 V402 A230 230 0 0 1 630 402 V1000" fill="none" stroke="${GOLD}" stroke-opacity="0.35" stroke-width="1.5"/>
  <rect width="800" height="1000" fill="url(#glow)"/>
  <rect y="950" width="800" height="50" fill="${b.floor}" opacity="0.7"/>
  <line x1="0" y1="950" x2="800" y2="950" stroke="${GOLD}" stroke-opacity="0.25"/>`;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const svg = (width: number, height: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>\n`;

export function productImage(garment: Garment, hex: string, label: string): string {
  return svg(PORTRAIT.width, PORTRAIT.height, `${portraitBackdrop(backdropFor(hex))}${garmentArt(garment, hex, "g")}`, label);
}

export function categoryImage(garment: Garment, hex: string, label: string): string {
  return svg(PORTRAIT.width, PORTRAIT.height, `${portraitBackdrop(backdropFor(hex, true))}${garmentArt(garment, hex, "g")}`, label);
}

/** The empty hanger: what a product without a photograph shows. */
export function placeholderImage(): string {
  return svg(PORTRAIT.width, PORTRAIT.height, `${portraitBackdrop(backdropFor(null))}<g opacity="0.75">${hanger("p")}</g>`, "No image");
}

/** A wide scene: three or four garments hanging from a brass rail on the right, leaving calm space on the left for a headline. */
export function heroImage(pieces: readonly { garment: Garment; hex: string }[], label: string): string {
  const scale = 0.62;
  const top = 40;
  const spacing = 290;
  const firstCentre = WIDE.width - 220 - spacing * (pieces.length - 1);
  const arches = [0, 1, 2, 3]
    .map((i) => {
      const x = 160 + i * 380;
      return `<path d="M${x} 700 V300 A150 150 0 0 1 ${x + 300} 300 V700 Z" fill="#efe7db"/><path d="M${x + 14} 700 V302 A136 136 0 0 1 ${x + 286} 302 V700" fill="none" stroke="${GOLD}" stroke-opacity="0.3" stroke-width="1.4"/>`;
    })
    .join("");
  const garments = pieces
    .map(({ garment, hex }, i) => {
      const x = firstCentre + i * spacing - CENTRE * scale;
      return `<g transform="translate(${x} ${top}) scale(${scale})">${garmentArt(garment, hex, `h${i}`)}</g>`;
    })
    .join("");
  const railY = top + 114 * scale;
  return svg(
    WIDE.width,
    WIDE.height,
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f2ea"/><stop offset="1" stop-color="#e6dccd"/></linearGradient>
    <linearGradient id="rail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRASS[0]}"/><stop offset="1" stop-color="${BRASS[1]}"/></linearGradient></defs>
    <rect width="1600" height="700" fill="url(#wall)"/>${arches}
    <rect y="655" width="1600" height="45" fill="#d9cdbb" opacity="0.6"/>
    <rect x="${firstCentre - 200}" y="${railY - 4}" width="${WIDE.width - firstCentre + 140}" height="8" rx="4" fill="url(#rail)"/>
    ${garments}`,
    label,
  );
}

const INK = "#1d1a17";
const STONE_WALL = ["#f6f1e9", "#e6dccd"] as const;

/**
 * The flagship store's front (1200 × 900): a stone facade with the shop's name on a dark fascia, a brass-framed
 * arched window either side of the door, each with garments on a rail.
 */
export function storeFrontImage(windows: readonly (readonly { garment: Garment; hex: string }[])[], name: string, label: string): string {
  const scale = 0.3;
  const windowArt = windows
    .map((pieces, w) => {
      const left = w === 0 ? 170 : 750;
      const railY = 430;
      const garments = pieces
        .map(({ garment, hex }, i) => {
          const x = left + 85 + i * 110 - CENTRE * scale;
          return `<g transform="translate(${x} ${railY - 114 * scale}) scale(${scale})">${garmentArt(garment, hex, `s${w}${i}`)}</g>`;
        })
        .join("");
      return `<path d="M${left} 780 V420 A140 140 0 0 1 ${left + 280} 420 V780 Z" fill="url(#glass)"/>
      <rect x="${left + 20}" y="${railY - 3}" width="240" height="6" rx="3" fill="url(#rail)"/>${garments}
      <path d="M${left} 780 V420 A140 140 0 0 1 ${left + 280} 420 V780 Z" fill="none" stroke="url(#rail)" stroke-width="10"/>
      <rect x="${left - 10}" y="780" width="300" height="14" fill="${GOLD}" opacity="0.55"/>`;
    })
    .join("");
  return svg(
    1200,
    900,
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${STONE_WALL[0]}"/><stop offset="1" stop-color="${STONE_WALL[1]}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf8f3"/><stop offset="1" stop-color="#eadfcf"/></linearGradient>
    <linearGradient id="rail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRASS[0]}"/><stop offset="1" stop-color="${BRASS[1]}"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#wall)"/>
    <rect x="80" y="60" width="1040" height="760" fill="#efe7db"/>
    <rect x="80" y="60" width="1040" height="760" fill="none" stroke="${GOLD}" stroke-opacity="0.4" stroke-width="2"/>
    <rect x="80" y="110" width="1040" height="110" fill="${INK}"/>
    <line x1="80" y1="122" x2="1120" y2="122" stroke="${GOLD}" stroke-opacity="0.7"/><line x1="80" y1="208" x2="1120" y2="208" stroke="${GOLD}" stroke-opacity="0.7"/>
    <text x="600" y="180" text-anchor="middle" fill="${GOLD_LIGHT}" font-family="Georgia, 'Times New Roman', serif" font-size="52" letter-spacing="18">${escapeXml(name.toUpperCase())}</text>
    ${windowArt}
    <path d="M520 800 V470 A80 80 0 0 1 680 470 V800 Z" fill="${INK}"/>
    <path d="M536 800 V474 A64 64 0 0 1 664 474 V800" fill="none" stroke="${GOLD}" stroke-opacity="0.6" stroke-width="2"/>
    <circle cx="650" cy="640" r="7" fill="url(#rail)"/>
    <rect x="500" y="800" width="200" height="20" fill="${GOLD}" opacity="0.5"/>
    <rect y="820" width="1200" height="80" fill="#d9cdbb"/>
    <line x1="0" y1="820" x2="1200" y2="820" stroke="${GOLD}" stroke-opacity="0.35"/>`,
    label,
  );
}

/**
 * A director's portrait (800 × 1000): head and shoulders as flat shapes before the arch, in the shop's palette;
 * `veiled` draws a hijab draped over the shoulders.
 */
export function portraitImage({ veiled, hex, skin }: { veiled: boolean; hex: string; skin: string }, label: string): string {
  const p = paletteOf("pt", hex);
  const shoulders = `<path d="M170 1000 C180 840 270 760 400 745 C530 760 620 840 630 1000 Z" fill="url(#pt-cloth)"/>`;
  const neck = `<path d="M360 640 H440 V760 C420 775 380 775 360 760 Z" fill="${mix(skin, "#000000", 0.12)}"/>`;
  const face = `<ellipse cx="400" cy="540" rx="105" ry="130" fill="${skin}"/>`;
  const hair = veiled
    ? `<path d="M400 380 C270 380 250 500 262 600 C270 690 300 760 235 860 C330 830 370 800 400 800 C430 800 470 830 565 860 C500 760 530 690 538 600 C550 500 530 380 400 380 Z" fill="url(#pt-cloth)"/>
       <path d="M400 410 C320 410 300 480 300 560 C300 650 345 700 400 705 C455 700 500 650 500 560 C500 480 480 410 400 410 Z" fill="${skin}"/>
       <path d="M300 560 C300 470 340 412 400 412 C460 412 500 470 500 560" fill="none" stroke="${p.outline}" stroke-opacity="0.35" stroke-width="3"/>`
    : `${neck}${face}<path d="M295 520 C290 430 340 395 400 395 C470 395 512 430 505 520 C490 470 450 450 400 452 C350 450 310 470 295 520 Z" fill="${INK}"/>
       <path d="M310 590 C320 690 370 700 400 702 C430 700 480 690 490 590 C470 650 440 668 400 670 C360 668 330 650 310 590 Z" fill="${INK}" opacity="0.85"/>`;
  const collar = veiled
    ? ""
    : `<path d="M330 760 L400 850 L470 760" fill="none" stroke="${p.outline}" stroke-opacity="0.5" stroke-width="4"/>`;
  return svg(
    PORTRAIT.width,
    PORTRAIT.height,
    `${portraitBackdrop(backdropFor(hex, true))}<defs>${garmentDefs(p)}</defs><g filter="url(#pt-shadow)">${shoulders}${collar}${hair}</g>`,
    label,
  );
}
