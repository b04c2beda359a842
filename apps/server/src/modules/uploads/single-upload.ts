import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { invalidField } from '../records/field-errors';
import { detectFileType, type DetectedType } from './file-type';

export type Upload = { content: Buffer; type: DetectedType; originalName: string };

/** `types`: the content types taken, of those detectFileType knows; all of them when absent. */
export type UploadRules = {
  maxBytes: number;
  missing: string;
  tooLarge: string;
  wrongType: string;
  types?: ReadonlySet<string>;
};

export const MALFORMED_MULTIPART = 'The upload is not a complete multipart/form-data body';

function codeOf(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}

function hasStatus(error: unknown): boolean {
  return typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
}

/**
 * The one file of a multipart upload under the receipt rules (SECURITY.md, uploads): a size
 * limit while reading, and the type judged by the content, never by the name or declared type.
 */
export async function readSingleUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  let file;
  let content: Buffer;
  try {
    file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 5, parts: 6 } });
    if (!file) throw invalidField('file', rules.missing);
    content = await file.toBuffer();
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rules.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(415, 'Upload the file as multipart/form-data');
    if (error instanceof AppError || hasStatus(error)) throw error;
    // Only the request is read here: an error without a status is the parser's, a malformed body.
    throw new AppError(400, MALFORMED_MULTIPART);
  }
  if (content.length === 0) throw invalidField('file', rules.missing);
  const type = detectFileType(content);
  if (!type || (rules.types && !rules.types.has(type.contentType))) throw new AppError(415, rules.wrongType);
  return { content, type, originalName: file.filename };
}

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored file, always as a download that no browser renders in the app's origin. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { content: Buffer; contentType: string; downloadName: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.downloadName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/** A download name that cannot carry markup or a path, ending in the extension of the detected type. */
export function safeFileName(originalName: string, type: DetectedType, fallback: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const safe = base
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .trim()
    .slice(0, 150);
  return `${safe || fallback}.${type.extension}`;
}
