/** The words the full-text index covers beyond the name (schema: products.search_text). */
export function buildSearchText(parts: { category: string; collection: string; colors: string[]; description: string }): string {
  return [parts.category, parts.collection, [...new Set(parts.colors)].join(" "), parts.description].join(" ");
}
