import { inflateSync } from 'node:zlib';

type PdfObject = { dictionary: string; stream?: string };

/** Every `N 0 obj`, its dictionary and its stream (inflated), cut by /Length since compressed bytes may hold anything. */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const starts = /(\d+) 0 obj\b/g;
  for (let match = starts.exec(source); match; match = starts.exec(source)) {
    const bodyStart = match.index + match[0].length;
    const end = source.indexOf('endobj', bodyStart);
    const streamAt = source.indexOf('stream', bodyStart);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(match[1]), { dictionary: source.slice(bodyStart, end) });
      continue;
    }
    const dictionary = source.slice(bodyStart, streamAt);
    const dataStart = streamAt + (source.startsWith('stream\r\n', streamAt) ? 8 : 7);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? 0);
    const bytes = pdf.subarray(dataStart, dataStart + length);
    let stream: string;
    try {
      stream = dictionary.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1');
    } catch {
      stream = '';
    }
    objects.set(Number(match[1]), { dictionary, stream });
    starts.lastIndex = dataStart + length;
  }
  return objects;
}

const hexUnits = (hex: string, size: number) =>
  (hex.replace(/\s+/g, '').match(new RegExp(`.{1,${size}}`, 'g')) ?? []).map((unit) => parseInt(unit, 16));

/** A ToUnicode CMap's code -> text, from its bfrange (with arrays or a start value) and bfchar entries. */
function unicodeMapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) => String.fromCharCode(...hexUnits(hex, 4));
  const blocks = (name: string) =>
    [...cmap.matchAll(new RegExp(`begin${name}([\\s\\S]*?)end${name}`, 'g'))].map((block) => block[1]!);
  for (const block of blocks('bfrange')) {
    for (const [, from, to, array, start] of block.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g,
    )) {
      const first = parseInt(from!, 16);
      if (array !== undefined) {
        const targets = array.match(/<[0-9a-fA-F\s]*>/g) ?? [];
        targets.forEach((target, index) => map.set(first + index, text(target.slice(1, -1))));
      } else {
        const base = parseInt(start!, 16);
        for (let code = first; code <= parseInt(to!, 16); code++)
          map.set(code, String.fromCharCode(base + code - first));
      }
    }
  }
  for (const block of blocks('bfchar'))
    for (const [, code, target] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(code!, 16), text(target!));
  return map;
}

/** Resource name (F1, F2...) -> the font's ToUnicode map, for the fonts that have one (embedded fonts). */
function fontMapsOf(objects: Map<number, PdfObject>): Map<string, Map<number, string>> {
  const maps = new Map<string, Map<number, string>>();
  for (const { dictionary } of objects.values()) {
    for (const [, name, ref] of dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const cmapRef = font && /\/ToUnicode (\d+) 0 R/.exec(font.dictionary)?.[1];
      const cmap = cmapRef ? objects.get(Number(cmapRef))?.stream : undefined;
      if (cmap) maps.set(name!, unicodeMapOf(cmap));
    }
  }
  return maps;
}

/** WinAnsiEncoding's bytes 0x80-0x9F, where it differs from Latin-1 (the five unused bytes stay as they are). */
const WIN_ANSI_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

const winAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80]! : String.fromCharCode(byte)))
    .join('');

/** A string operand: two-byte codes through the font's ToUnicode map, else WinAnsi bytes (the standard fonts). */
function decode(operand: string, unicode: Map<number, string> | undefined): string {
  if (operand.startsWith('<')) {
    const hex = operand.slice(1, -1);
    if (unicode)
      return hexUnits(hex, 4)
        .map((code) => unicode.get(code) ?? '\uFFFD')
        .join('');
    return winAnsi(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));
  }
  return operand.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_match, escaped: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')' };
    return named[escaped] ?? (escaped === '\\' ? '\\' : String.fromCharCode(parseInt(escaped, 8)));
  });
}

const STRING_OPERAND = /<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g;

/**
 * The text drawn in a PDF made by pdfkit, read back without a PDF library: the content
 * streams' text operators in order, strings decoded through the current font's ToUnicode map
 * (embedded Unicode fonts, ADR 0135) or as WinAnsi bytes (standard fonts). One line per text
 * operator, except that a piece drawn on the same baseline in another font (a script change
 * within one paragraph) continues the line.
 */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const fonts = fontMapsOf(objects);
  let text = '';
  let font = '';
  let baseline = '';
  let lastFont = '';
  let lastBaseline = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\b(TJ|Tj)\b/.test(stream)) continue;
    const operators =
      /\/(F\d+) [\d.]+ Tf|[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+) Tm|\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g;
    for (const [, fontName, y, array, single] of stream.matchAll(operators)) {
      if (fontName) font = fontName;
      else if (y !== undefined) baseline = y;
      else {
        const piece = ((array ?? single ?? '').match(STRING_OPERAND) ?? [])
          .map((operand) => decode(operand, fonts.get(font)))
          .join('');
        const continues = text !== '' && baseline === lastBaseline && font !== lastFont;
        text += (text === '' || continues ? '' : '\n') + piece;
        lastFont = font;
        lastBaseline = baseline;
      }
    }
  }
  return text;
}
