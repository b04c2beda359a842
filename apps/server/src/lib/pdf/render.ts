import PDFDocument from 'pdfkit';
import { collectPdf } from './collect';
import { textAt, type Pdf } from './text-at';
import { unicodeText, type FontWeight } from './unicode-fonts';
import { isWinAnsi } from './win-ansi';

/** What a PDF's drawing code is handed: the document and the one way to put text on it. */
export type PdfCanvas = {
  document: Pdf;
  /** Draws a text (typed by anyone, or composed by the app) in the document's face of the weight. */
  write: (text: string, weight: FontWeight, x?: number, y?: number, options?: PDFKit.Mixins.TextOptions) => Pdf;
};

const STANDARD_FACES: Record<FontWeight, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** Thrown by the standard faces' `write` at the first text they cannot encode. */
class NeedsUnicodeFonts extends Error {}

function standardCanvas(document: Pdf): PdfCanvas {
  return {
    document,
    write: (text, weight, x, y, options) => {
      if (!isWinAnsi(text)) throw new NeedsUnicodeFonts();
      document.font(STANDARD_FACES[weight]);
      return textAt(document, text, x, y, options);
    },
  };
}

function unicodeCanvas(document: Pdf): PdfCanvas {
  return { document, write: (text, weight, x, y, options) => unicodeText(document, text, weight, x, y, options) };
}

function drawn(
  options: PDFKit.PDFDocumentOptions,
  draw: (canvas: PdfCanvas) => void,
  canvasOf: (document: Pdf) => PdfCanvas,
): Promise<Buffer> {
  const document = new PDFDocument(options);
  const done = collectPdf(document);
  draw(canvasOf(document));
  document.end();
  return done;
}

/**
 * A PDF drawn in the standard Helvetica when WinAnsi encodes every text of it, else drawn again
 * from the start in the embedded Unicode fonts (ADR 0135), so one document never mixes the two.
 * The standard fonts are neither embedded nor laid out by fontkit: a Latin invoice costs a
 * quarter of the CPU and a tenth of the bytes (ADR 0175). `draw` must only draw.
 */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (canvas: PdfCanvas) => void,
): Promise<Buffer> {
  try {
    return await drawn(options, draw, standardCanvas);
  } catch (error) {
    if (!(error instanceof NeedsUnicodeFonts)) throw error;
    return drawn(options, draw, unicodeCanvas);
  }
}
