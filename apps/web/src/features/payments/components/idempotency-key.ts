/** A fresh Idempotency-Key (API.md): random, 32 hex digits; getRandomValues also works outside secure contexts. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per submission of a form: the same body sent again (a double click, a retry after
 * a lost answer) keeps its key, so the server records one payment; a changed body gets a new
 * key, since the server refuses a key reused for another request. `done` after success.
 */
export function submissionKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(input: unknown): string {
      const body = JSON.stringify(input);
      if (last?.body !== body) last = { body, key: newIdempotencyKey() };
      return last.key;
    },
    done(): void {
      last = null;
    },
  };
}
