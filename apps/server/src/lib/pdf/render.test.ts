import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { renderPdf } from './render';

const draw = (texts: string[]) =>
  renderPdf({ size: 'LETTER' }, ({ document, write }) => {
    document.fontSize(12);
    texts.forEach((text, index) => write(text, index % 2 === 0 ? 'regular' : 'bold', 50, 50 + index * 40));
  });

describe('renderPdf', () => {
  it('draws a document WinAnsi encodes in the standard Helvetica, nothing embedded', async () => {
    const pdf = await draw(['Café Zoë — €5 “quoted” …', 'Line one\nLine two']);
    const source = pdf.toString('latin1');
    expect(source).toContain('/BaseFont /Helvetica');
    expect(source).toContain('/BaseFont /Helvetica-Bold');
    expect(source).not.toContain('/FontFile');
    expect(pdfText(pdf)).toBe('Café Zoë — €5 “quoted” …\nLine one\nLine two');
  });

  it('draws the whole document in the embedded Unicode fonts once one text needs them', async () => {
    const pdf = await draw(['Plain label', 'Zoë Łukasz 東京 €', 'カナ']);
    const source = pdf.toString('latin1');
    expect(source).not.toContain('/Helvetica');
    expect(source.match(/\/FontFile2/g)).toHaveLength(4);
    expect(pdfText(pdf)).toBe('Plain label\nZoë Łukasz 東京 €\nカナ');
  });

  it('passes on any other error of the drawing', async () => {
    await expect(
      renderPdf({}, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
