import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

/** page and page_size of every list call: no list answers more than PAGE_SIZE_MAX rows. */
export const pageQuery = {
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(PAGE_SIZE_MAX, `Page size must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
};

export const sortOrder = z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' });

export type PageRequest = { page: number; page_size: number };
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.page_size;
}

export function pageOf<T>(items: T[], total: number, request: PageRequest): Page<T> {
  return { items, total, page: request.page, page_size: request.page_size };
}

/** Escapes LIKE wildcards in a search term typed by a person. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
