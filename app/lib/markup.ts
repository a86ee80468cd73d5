const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML or XML markup, as element content or a quoted attribute value. */
export const escapeMarkup = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
