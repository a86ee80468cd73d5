import { type ColorOption, colorDots } from "#app/features/catalogue/product-view.ts";

/** A card's colour dots: each variant colour once, up to `max`, then '+N'. */
export function ColorDots({ colours, max }: { colours: readonly ColorOption[]; max: number }) {
  const { shown, more } = colorDots(colours, max);
  if (shown.length === 0) return null;
  return (
    <ul className="color-dots" aria-label={`Colours: ${shown.map((color) => color.name).join(", ")}${more ? ` and ${more} more` : ""}`}>
      {shown.map((color) => (
        <li key={color.name} className="color-dots__dot" style={{ backgroundColor: color.code }} title={color.name} />
      ))}
      {more > 0 ? (
        <li className="color-dots__more" aria-hidden="true">
          +{more}
        </li>
      ) : null}
    </ul>
  );
}
