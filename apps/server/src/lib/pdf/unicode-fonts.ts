import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import type PDFDocument from 'pdfkit';

type Pdf = InstanceType<typeof PDFDocument>;
export type FontWeight = 'regular' | 'bold';
type Face = { name: string; glyphs: Font };

const resolve = createRequire(import.meta.url).resolve;
const FILES = {
  text: {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
} as const;

let faces: Record<'text' | 'cjk', Record<FontWeight, Face>> | undefined;

/**
 * The fonts, read and parsed once per process: pdfkit takes a parsed fontkit font as it is
 * (parsing one per document cost more than drawing it) and embeds only the glyphs a
 * document uses.
 */
function loadFaces() {
  if (!faces) {
    const load = (family: 'text' | 'cjk', weight: FontWeight): Face => {
      return { name: `${family}-${weight}`, glyphs: create(readFileSync(resolve(FILES[family][weight]))) };
    };
    faces = {
      text: { regular: load('text', 'regular'), bold: load('text', 'bold') },
      cjk: { regular: load('cjk', 'regular'), bold: load('cjk', 'bold') },
    };
  }
  return faces;
}

/** Registers the fonts on a new document; the built-in PDF fonts cover WinAnsi only (ADR 0135). */
export function registerUnicodeFonts(document: Pdf): void {
  for (const family of Object.values(loadFaces()))
    // pdfkit's types list only file sources; at run time it accepts a font that can lay out text.
    for (const face of Object.values(family)) document.registerFont(face.name, face.glyphs as unknown as Buffer);
}

export type TextRun = { font: string; text: string };

/**
 * The text cut into runs of one font each: DejaVu Sans (Latin, Greek, Cyrillic, Hebrew,
 * Arabic, symbols) wherever it has the glyph, else Noto Sans SC (Chinese, Japanese kana);
 * spaces stay in the run they are in, so a line is cut only where the script changes.
 */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const { text: primary, cjk } = loadFaces();
  const runs: TextRun[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const previous = runs.at(-1);
    const font =
      /\s/.test(character) && previous
        ? previous.font
        : !primary[weight].glyphs.hasGlyphForCodePoint(codePoint) && cjk[weight].glyphs.hasGlyphForCodePoint(codePoint)
          ? cjk[weight].name
          : primary[weight].name;
    if (previous && previous.font === font) previous.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}

/**
 * `document.text` for any Unicode text: each run in its font, joined with pdfkit's
 * `continued` so wrapping and alignment treat them as one paragraph, every run on the
 * primary font's baseline (the fonts' ascents differ). Leaves the document's font at the
 * weight's primary face.
 */
export function unicodeText(
  document: Pdf,
  text: string,
  weight: FontWeight,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): Pdf {
  const runs = textRuns(text, weight);
  // pdfkit reads `text(s, undefined, y, options)` as `text(s, {})`: pass the position only when there is one.
  const at = (piece: string, pieceOptions: PDFKit.Mixins.TextOptions) =>
    x === undefined && y === undefined
      ? document.text(piece, pieceOptions)
      : document.text(piece, x ?? document.x, y, pieceOptions);
  if (runs.length <= 1) {
    document.font(`text-${weight}`);
    return at(text, options);
  }
  const primary = loadFaces().text[weight].glyphs;
  // pdfkit keeps the current size in a field its types do not declare.
  const size = (document as unknown as { _fontSize: number })._fontSize;
  const baseline = -((primary.ascent / primary.unitsPerEm) * size);
  // Without a width pdfkit may break the line between runs.
  const width = options.width ?? document.page.width - (x ?? document.x) - document.page.margins.right;
  runs.forEach((run, index) => {
    const last = index === runs.length - 1;
    document.font(run.font);
    if (index === 0) at(run.text, { ...options, width, baseline, continued: true });
    else document.text(run.text, { ...options, width, baseline, continued: !last });
  });
  return document.font(`text-${weight}`);
}
