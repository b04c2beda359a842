import { z } from 'zod';

/** The body of a file answer in one media type: bytes, a stream or text, documented as a binary string. */
const binarySchema: z.ZodType<unknown> = z.string().meta({ format: 'binary' });
export const binaryBody = { schema: binarySchema };

/**
 * The OpenAPI answer of a route that sends a file (CSV, PDF, ZIP, an upload): its media types
 * and a binary body. The handler sends bytes or a stream, which Fastify never serialises, so
 * the schema only documents.
 */
export function fileAnswer(description: string, mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, binaryBody])) };
}

export const csvAnswer = (description: string) => fileAnswer(description, ['text/csv']);
export const pdfAnswer = (description: string) => fileAnswer(description, ['application/pdf']);

/** A 204 answer: no body (documented without content). */
export const noContent = z.undefined().describe('Done; no body');

/** What an upload can be (uploads/file-type.ts detects these from the bytes): a download answers the same. */
export const uploadAnswer = (description: string) =>
  fileAnswer(description, ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/heic']);
