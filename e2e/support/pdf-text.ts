import { inflateSync } from 'node:zlib';

/** The bytes of a PDF string operand: <hex> or (literal with escapes). */
function stringBytes(operand: string): string {
  if (operand.startsWith('<')) {
    const hex = operand.slice(1, -1).replace(/\s+/g, '');
    let text = '';
    for (let index = 0; index + 1 < hex.length; index += 2)
      text += String.fromCharCode(parseInt(hex.slice(index, index + 2), 16));
    return text;
  }
  return operand.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_match, escaped: string) => {
    const named: Record<string, string> = {
      n: '\n',
      r: '\r',
      t: '\t',
      b: '\b',
      f: '\f',
      '(': '(',
      ')': ')',
      '\\': '\\',
    };
    return named[escaped] ?? String.fromCharCode(parseInt(escaped, 8));
  });
}

const STRING_OPERAND = /<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g;

/**
 * The text a PDF shows, read back from its content streams: each FlateDecode stream is
 * inflated and the operands of its Tj and TJ operators joined (a TJ's kerned pieces without
 * a space, one text operator per line). Enough for a PDF drawn with the standard fonts, whose
 * strings are WinAnsi bytes; no PDF library is installed for the tests.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    for (const operator of content.matchAll(
      /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g,
    )) {
      const operands = operator[1] ?? operator[2] ?? '';
      lines.push((operands.match(STRING_OPERAND) ?? []).map(stringBytes).join(''));
    }
    streams.lastIndex = end;
  }
  return lines.join('\n');
}
