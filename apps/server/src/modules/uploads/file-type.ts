export type DetectedType = { contentType: string; extension: string };

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/** HEIF files name their brands in an `ftyp` box; mif1 and msf1 are HEIC when a HEVC brand is listed too. */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  if (HEIC_BRANDS.has(brands[0]!)) return true;
  return (brands[0] === 'mif1' || brands[0] === 'msf1') && brands.some((brand) => HEIC_BRANDS.has(brand));
}

/**
 * The type of an uploaded file judged by its first bytes, never by its name or the type the
 * browser declared (SECURITY.md, uploads). Anything else, SVG and HTML included, is null.
 */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  if (isHeic(bytes)) return { contentType: 'image/heic', extension: 'heic' };
  return null;
}
