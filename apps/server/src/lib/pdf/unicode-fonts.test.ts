import { describe, expect, it } from 'vitest';
import { textRuns } from './unicode-fonts';

describe('textRuns', () => {
  it('keeps what DejaVu Sans draws in one run and gives Chinese and kana to Noto Sans SC', () => {
    expect(textRuns('Zoë Łukasz 東京 € Привет', 'regular')).toEqual([
      { font: 'text-regular', text: 'Zoë Łukasz ' },
      { font: 'cjk-regular', text: '東京 ' },
      { font: 'text-regular', text: '€ Привет' },
    ]);
    expect(textRuns('カナ', 'bold')).toEqual([{ font: 'cjk-bold', text: 'カナ' }]);
  });

  it('leaves a character neither font has with DejaVu, and an empty text without runs', () => {
    expect(textRuns('a\u{1F600}', 'regular')).toEqual([{ font: 'text-regular', text: 'a\u{1F600}' }]);
    expect(textRuns('', 'regular')).toEqual([]);
  });
});
