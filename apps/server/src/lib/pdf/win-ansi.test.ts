import { describe, expect, it } from 'vitest';
import { isWinAnsi } from './win-ansi';

describe('isWinAnsi', () => {
  it('accepts printable Latin-1, the 0x80-0x9F extras and line breaks', () => {
    expect(isWinAnsi('')).toBe(true);
    expect(isWinAnsi('Café Zoë ß ÿ ¼ ©\nsecond line')).toBe(true);
    expect(isWinAnsi('€ – — ‘’ “” … • ™ Œœ Šš Žž Ÿ ƒ ˆ ˜ ‚ „ † ‡ ‰ ‹ ›')).toBe(true);
  });

  it('refuses letters outside WinAnsi, CJK, emoji and control characters', () => {
    for (const text of ['Łukasz', 'Привет', 'ΑΒΓ', '東京', 'カナ', '😀', 'a\tb', 'a\r\nb', '\u0080', '\u007f'])
      expect(isWinAnsi(text), text).toBe(false);
  });
});
