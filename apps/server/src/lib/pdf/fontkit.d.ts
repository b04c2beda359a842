/** The part of fontkit (pdfkit's own font reader) used to ask which font has a glyph. */
declare module 'fontkit' {
  export type Font = { ascent: number; unitsPerEm: number; hasGlyphForCodePoint(codePoint: number): boolean };
  export function create(buffer: Buffer): Font;
}
