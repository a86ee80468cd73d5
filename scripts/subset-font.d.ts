// subset-font ships no types, and @types/subset-font predates `keepFeatures`: the part scripts/subset-fonts.ts calls.
declare module "subset-font" {
  interface SubsetFontOptions {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    /** OpenType feature tags to keep (the default keeps every feature and the glyphs they reach). */
    keepFeatures?: string[];
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
