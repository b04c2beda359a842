import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdfkit with its standard fonts: each content stream is
 * inflated and the hex strings of its TJ operators decoded (WinAnsi, one byte a glyph).
 * Enough to read an invoice back in a test without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const pieces: string[] = [];
  // Each stream is cut by its /Length, since compressed bytes may hold anything.
  const streams = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      continue;
    }
    const operators = /\[([^\]]*)\]\s*TJ/g;
    for (let op = operators.exec(content); op; op = operators.exec(content)) {
      const hexes = op[1]!.match(/<([0-9a-fA-F]*)>/g) ?? [];
      pieces.push(hexes.map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')).join(''));
    }
  }
  return pieces.join('\n');
}
