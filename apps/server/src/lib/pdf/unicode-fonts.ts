import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { textAt, type Pdf } from './text-at';

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

type Family = keyof typeof FILES;
const faces = new Map<string, Face>();

/**
 * A font, read and parsed on its first use in the process: pdfkit takes a parsed fontkit
 * font as it is (parsing one per document cost more than drawing it) and embeds only the
 * glyphs a document uses. Noto Sans SC (21 MB) is read only once a text needs it.
 */
function face(family: Family, weight: FontWeight): Face {
  const name = `${family}-${weight}`;
  let loaded = faces.get(name);
  if (!loaded) {
    loaded = { name, glyphs: create(readFileSync(resolve(FILES[family][weight]))) };
    faces.set(name, loaded);
  }
  return loaded;
}

/**
 * Selects a face on the document. Registering only records the font under its name (again
 * is harmless); pdfkit embeds a face once text is drawn in it, so a document carries only
 * the faces its texts use.
 */
function useFace(document: Pdf, family: Family, weight: FontWeight): Pdf {
  const { name, glyphs } = face(family, weight);
  // pdfkit's types list only file sources; at run time it accepts a font that can lay out text.
  document.registerFont(name, glyphs as unknown as Buffer);
  return document.font(name);
}

export type TextRun = { family: Family; text: string };

/**
 * The text cut into runs of one font each: DejaVu Sans (Latin, Greek, Cyrillic, Hebrew,
 * Arabic, symbols) wherever it has the glyph, else Noto Sans SC (Chinese, Japanese kana);
 * spaces stay in the run they are in, so a line is cut only where the script changes.
 */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const primary = face('text', weight).glyphs;
  const runs: TextRun[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const previous = runs.at(-1);
    const family: Family =
      /\s/.test(character) && previous
        ? previous.family
        : !primary.hasGlyphForCodePoint(codePoint) && face('cjk', weight).glyphs.hasGlyphForCodePoint(codePoint)
          ? 'cjk'
          : 'text';
    if (previous && previous.family === family) previous.text += character;
    else runs.push({ family, text: character });
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
  if (runs.length <= 1) {
    // A text in one script, CJK alone included, is drawn in its run's face.
    useFace(document, runs[0]?.family ?? 'text', weight);
    textAt(document, text, x, y, options);
    return useFace(document, 'text', weight);
  }
  const primary = face('text', weight).glyphs;
  // pdfkit keeps the current size in a field its types do not declare.
  const size = (document as unknown as { _fontSize: number })._fontSize;
  const baseline = -((primary.ascent / primary.unitsPerEm) * size);
  // Without a width pdfkit may break the line between runs.
  const width = options.width ?? document.page.width - (x ?? document.x) - document.page.margins.right;
  runs.forEach((run, index) => {
    const last = index === runs.length - 1;
    useFace(document, run.family, weight);
    if (index === 0) textAt(document, run.text, x, y, { ...options, width, baseline, continued: true });
    else document.text(run.text, { ...options, width, baseline, continued: !last });
  });
  return useFace(document, 'text', weight);
}
