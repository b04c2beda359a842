import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';
export const LONE_SURROGATE_MESSAGE = 'Text cannot contain an unpaired surrogate (invalid Unicode)';

const NUL = '\u0000';
// With the u flag a well-paired surrogate is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why PostgreSQL would refuse this text (a NUL anywhere; a lone surrogate in jsonb), or null. */
function refusalOf(text: string): string | null {
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/** The first refused string's dotted path ('' for the value itself) and the reason. */
type Refusal = { path: string; message: string };

/** A value met on the walk, with the key that led to it from its parent (the top has none). */
type Visit = { value: unknown; key: string; parent: Visit | null };

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let current: Visit | null = visit; current?.parent; current = current.parent) path.push(current.key);
  return path.reverse();
}

/**
 * The first string in `value` (a value or an object key) that PostgreSQL would refuse, or
 * null when there is none. It walks with its own stack, so a deeply nested body cannot
 * exhaust the call stack, and each value links to its parent instead of carrying a copy of
 * its path, so a body 50,000 levels deep costs linear time, not seconds of CPU (issue 19's fuzz).
 */
export function refusedTextIn(value: unknown): Refusal | null {
  const pending: Visit[] = [{ value, key: '', parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const message = refusalOf(current);
      if (message) return { path: pathOf(visit).join('.'), message };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        pending.push({ value: current[index], key: String(index), parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const message = refusalOf(key);
        if (message) return { path: [...pathOf(visit), key].join('.'), message };
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, inner] = entries[index]!;
        pending.push({ value: inner, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL refuses a NUL character in text, and a lone surrogate in jsonb (a text column
 * would store it as U+FFFD), so one that reached a query answered 500. Every route refuses
 * both before validation, in its path, query and JSON body alike, with a 400 that names the
 * field (docs/decisions/0095, 0211), before anything is written; a route added later inherits this.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const refused = refusedTextIn(value);
      if (refused) throw badRequest(refused.message, { [refused.path || part]: refused.message });
    }
  });
}
