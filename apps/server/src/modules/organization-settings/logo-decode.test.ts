import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoice } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, organizationIdOf, ownerRows } from '../../../test/work-records';
import { LOGO_UNREADABLE } from './logo-image';

/** A real 32x32 RGB PNG, built here so that its compressed pixels are long enough to cut. */
function pngOf(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const pixels = Buffer.alloc((size * 3 + 1) * size);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7) % 251;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG = pngOf(32);
/** The PNG cut in its pixel data, as an interrupted download leaves it. */
const CUT_PNG = PNG.subarray(0, Math.floor(PNG.length / 2));
/** A PNG whose chunks are all there but whose pixels do not inflate. */
const CORRUPT_PNG = (() => {
  const copy = Buffer.from(PNG);
  copy.fill(0x55, 45, 60);
  return copy;
})();
/** A 1x1 baseline JPEG, whole, and cut before its end-of-image marker. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxD/2Q==',
  'base64',
);
const CUT_JPEG = JPEG.subarray(0, JPEG.length - 6);

function upload(content: Buffer, declared: string) {
  const boundary = 'logo-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo"\r\nContent-Type: ${declared}\r\n\r\n`;
  return {
    method: 'POST' as const,
    url: '/api/organization/logo',
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Issue 27: a truncated PNG or JPEG logo was taken (200), and every invoice PDF and e-mail then answered 500. */
describe('a logo that does not decode', () => {
  let testApp: TestApp;
  let admin: Session;
  let dataDir: string;
  let demoId: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'logo-decode-'));
    testApp = await createTestApp({ logLevel: 'error', dataDir });
    admin = await signedIn(testApp.app, 'admin');
    demoId = await organizationIdOf(testApp, 'demo');
  });
  afterAll(() => testApp.close());

  const storedLogo = async () =>
    (
      await ownerRows<{ logo_file: string | null }>(
        testApp,
        sql`select logo_file from organizations where id = ${demoId}`,
      )
    )[0]!.logo_file;

  it.each([
    ['a PNG cut in its pixels', CUT_PNG, 'image/png'],
    ['a PNG whose pixels do not inflate', CORRUPT_PNG, 'image/png'],
    ['a JPEG cut before its end', CUT_JPEG, 'image/jpeg'],
  ])('refuses %s with 415 and keeps the logo there was', async (_name, content, declared) => {
    const before = await storedLogo();
    const answer = await admin.request(upload(content, declared));
    expect(answer.statusCode, answer.body).toBe(415);
    expect(answer.json()).toEqual({ error: LOGO_UNREADABLE });
    expect(await storedLogo()).toBe(before);
  });

  it('takes a whole PNG and JPEG', async () => {
    expect((await admin.request(upload(JPEG, 'image/jpeg'))).statusCode).toBe(200);
    expect((await admin.request(upload(PNG, 'image/png'))).statusCode).toBe(200);
  });

  it('leaves out of the PDF and the e-mail a stored logo that no longer draws', async () => {
    expect((await admin.request(upload(PNG, 'image/png'))).statusCode).toBe(200);
    const file = (await storedLogo())!;
    // A logo stored before uploads were checked: its file is the cut PNG.
    await writeFile(path.join(dataDir, 'uploads', String(demoId), file), CUT_PNG);
    const client = await createClient(admin);
    const invoice = await issuedInvoice(admin, client.id, 5_000);
    const pdf = await admin.request({ url: `/invoices/${invoice.id}/pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mailed = await admin.request({
      method: 'POST',
      url: `/invoices/${invoice.id}/email`,
      payload: { to: ['client@example.com'] },
    });
    expect(mailed.statusCode, mailed.body).toBe(202);
  });
});
