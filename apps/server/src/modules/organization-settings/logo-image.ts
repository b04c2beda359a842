import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

export const LOGO_UNREADABLE = 'The logo image is damaged or incomplete: save it again as PNG or JPEG and upload that';

const JPEG_END = Buffer.from([0xff, 0xd9]);

/** What pdfkit's openImage answers, as far as this check reads it (png-js's parse keeps the IDAT bytes). */
type OpenedImage = { width: number; height: number; image?: { imgData?: Uint8Array } };
/** openImage is pdfkit's, though its type definitions leave it out. */
type ImageOpener = { openImage: (source: Buffer) => OpenedImage };

/** A JPEG ends with its end-of-image marker (some writers pad after it with zeros); a cut one ends inside its data. */
function jpegComplete(content: Buffer): boolean {
  let end = content.length;
  while (end > 0 && content[end - 1] === 0) end -= 1;
  return content.subarray(0, end).subarray(-2).equals(JPEG_END);
}

/**
 * Whether the invoice PDF can draw this PNG or JPEG (issue 27, ADR 0213): opened by pdfkit's
 * own image loading, the one that draws it, which refuses a PNG without its end; a PNG's
 * compressed pixels inflate whole (pdfkit copies them into the PDF unread); a JPEG ends with
 * its end-of-image marker. Whatever cannot be drawn was refused on upload, and a PDF leaves
 * out a stored logo that fails this, rather than answering 500.
 */
export function drawableLogo(content: Buffer, contentType: string): boolean {
  if (contentType !== 'image/png' && contentType !== 'image/jpeg') return false;
  let opened: OpenedImage;
  try {
    opened = (new PDFDocument({ autoFirstPage: false }) as unknown as ImageOpener).openImage(content);
    if (!(opened.width > 0 && opened.height > 0)) return false;
    if (contentType === 'image/png') inflateSync(opened.image?.imgData ?? Buffer.alloc(0));
  } catch {
    // pdfkit throws strings as well as errors; any of them means it cannot draw the image.
    return false;
  }
  return contentType === 'image/png' || jpegComplete(content);
}
