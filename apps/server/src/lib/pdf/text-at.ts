import type PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * `document.text` at a position when one is given, else where the last text ended: pdfkit
 * reads `text(s, undefined, y, options)` as `text(s, {})`, so the position goes only when
 * there is one.
 */
export function textAt(document: Pdf, text: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) {
  return x === undefined && y === undefined
    ? document.text(text, options)
    : document.text(text, x ?? document.x, y, options);
}
