import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';

const NUL = '\u0000';

/**
 * The dotted path of the first string in `value` (a value or an object key) that holds a
 * NUL, '' for `value` itself, or null when there is none. It walks with its own stack, so a
 * deeply nested body cannot exhaust the call stack.
 */
export function nulPathIn(value: unknown): string | null {
  const pending: [unknown, string[]][] = [[value, []]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path.join('.');
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        pending.push([current[index], [...path, String(index)]]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) if (key.includes(NUL)) return [...path, key].join('.');
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, inner] = entries[index]!;
        pending.push([inner, [...path, key]]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL refuses a NUL character in text, so one that reached a query answered 500.
 * Every route refuses it before validation, in its path, query and JSON body alike, with a
 * 400 that names the field (docs/decisions/0095); a route added later inherits this.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const field = nulPathIn(value);
      if (field !== null) throw badRequest(NUL_MESSAGE, { [field || part]: NUL_MESSAGE });
    }
  });
}
