/**
 * Characters outside Latin-1 that WinAnsiEncoding has (bytes 0x80-0x9F): the euro sign, dashes,
 * curly quotes, the ellipsis and a few letters. pdfkit's standard fonts encode these and
 * Latin-1's printable characters; anything else would come out as wrong glyphs.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Whether the standard PDF fonts (Helvetica) can draw the text: printable Latin-1 and the
 * extras above, plus line breaks (pdfkit cuts the text at them). Tabs and other control
 * characters are not: pdfkit writes their codes as one hex digit, which misreads the string.
 */
export function isWinAnsi(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    if (!latin1 && character !== '\n' && !WIN_ANSI_EXTRAS.has(character)) return false;
  }
  return true;
}
