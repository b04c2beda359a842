import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { invalidField } from '../records/field-errors';
import { detectFileType, type DetectedType } from '../uploads/file-type';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, LOGO_TYPES, LOGO_WRONG_TYPE } from './logo.service';

const MALFORMED = 'The upload is not a complete multipart/form-data body';

function codeOf(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}

function hasStatus(error: unknown): boolean {
  return typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
}

/** The one file of a logo upload, at most LOGO_MAX_BYTES, its type judged by its first bytes. */
export async function readLogoUpload(request: FastifyRequest): Promise<{ content: Buffer; type: DetectedType }> {
  let content: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    if (!file) throw invalidField('file', 'Choose an image to upload');
    content = await file.toBuffer();
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, LOGO_TOO_LARGE);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(415, 'Upload the logo as multipart/form-data');
    if (error instanceof AppError || hasStatus(error)) throw error;
    throw new AppError(400, MALFORMED);
  }
  const type = detectFileType(content);
  if (!type || !LOGO_TYPES.has(type.contentType)) throw new AppError(415, LOGO_WRONG_TYPE);
  return { content, type };
}
