import type { Page } from '@playwright/test';

/**
 * A real image of one colour, encoded by the browser's own canvas (image/png, image/jpeg or
 * image/webp): a logo the server must accept by its bytes and the page must be able to draw.
 */
export async function canvasImage(
  page: Page,
  type: 'image/png' | 'image/jpeg' | 'image/webp',
  size: { width: number; height: number },
  colour: string,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ type, size, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, size.width, size.height);
      return canvas.toDataURL(type);
    },
    { type, size, colour },
  );
  const [header, body] = dataUrl.split(',');
  // A browser that cannot encode the type falls back to PNG: the test would then prove nothing.
  if (header !== `data:${type};base64`) throw new Error(`the browser did not encode ${type}: ${header}`);
  return Buffer.from(body!, 'base64');
}

/** The natural width of a loaded <img>: 0 while it is broken or not loaded yet. */
export function naturalWidth(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((image) => (image as HTMLImageElement).naturalWidth);
}
