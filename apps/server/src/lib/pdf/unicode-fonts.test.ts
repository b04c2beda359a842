import { describe, expect, it } from 'vitest';
import { textRuns } from './unicode-fonts';

describe('textRuns', () => {
  it('keeps what DejaVu Sans draws in one run and gives Chinese and kana to Noto Sans SC', () => {
    expect(textRuns('Zoë Łukasz 東京 € Привет', 'regular')).toEqual([
      { family: 'text', text: 'Zoë Łukasz ' },
      { family: 'cjk', text: '東京 ' },
      { family: 'text', text: '€ Привет' },
    ]);
    expect(textRuns('カナ', 'bold')).toEqual([{ family: 'cjk', text: 'カナ' }]);
  });

  it('leaves a character neither font has with DejaVu, and an empty text without runs', () => {
    expect(textRuns('a\u{1F600}', 'regular')).toEqual([{ family: 'text', text: 'a\u{1F600}' }]);
    expect(textRuns('', 'regular')).toEqual([]);
  });
});
