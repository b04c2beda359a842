/** An answer as the fuzz sees it, whether it came from `inject` or over HTTP. */
export type Answer = { status: number; contentType: string | undefined; body: string };

/**
 * What an error answer must not carry (SECURITY.md, DESIGN.md "Errors"): a stack frame or a
 * source location, or the database's own words. The app's messages are sentences for people,
 * so none of these shapes occurs in them.
 */
const LEAKS: [RegExp, string][] = [
  [/\n\s*at\s|\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\(/, 'a stack trace'],
  [/\.(?:[cm]?[jt]s|tsx?):\d+|node_modules|file:\/\//, 'a source location'],
  [/\b(?:select|insert\s+into|update|delete\s+from)\s+(?:"|\*|\w+\.\w+|\w+\s*,)/i, 'SQL text'],
  [/\bfrom\s+"\w+"|\bwhere\s+"\w+"/i, 'SQL text'],
  [/violates|syntax error|duplicate key|relation "|column "|failed query|sqlstate/i, 'a database error'],
  [/postgres|pglite|drizzle/i, 'the database by name'],
];

/** The leak an answer's body shows, or null. */
export function leakIn(body: string): string | null {
  for (const [pattern, what] of LEAKS) {
    const match = pattern.exec(body);
    if (match) return `${what} (${JSON.stringify(match[0])})`;
  }
  return null;
}

/** Why an error answer is not the app's JSON error shape `{ error, details? }`, or null. */
export function errorShapeProblem(answer: Answer): string | null {
  if (!answer.contentType?.startsWith('application/json')) return `content type ${answer.contentType ?? 'none'}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return 'a body that is not JSON';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'a JSON body that is no object';
  const { error, details, ...rest } = parsed as Record<string, unknown>;
  if (typeof error !== 'string' || error.trim() === '') return 'no error message';
  if (Object.keys(rest).length > 0) return `fields beside error and details: ${Object.keys(rest).join(', ')}`;
  if (details !== undefined) {
    const fine =
      details !== null &&
      typeof details === 'object' &&
      !Array.isArray(details) &&
      Object.values(details).every((message) => typeof message === 'string');
    if (!fine) return 'details that are not field messages';
  }
  return null;
}

/**
 * Why an answer fails the fuzz, or null. Never a 5xx; an error answer has the JSON error
 * shape (or is a page) and leaks nothing; when the request was certainly malformed, only a
 * 4xx in the JSON error shape will do.
 */
export function answerProblem(answer: Answer, malformed: boolean): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (malformed && answer.status < 400) return `answered ${answer.status} to a malformed request`;
  if (answer.status < 400) return null;
  // A request that may be well-formed can reach a page for the browser (the sandbox
  // checkout), whose errors are pages too; a malformed one must be refused by the API.
  const page = !malformed && answer.contentType?.startsWith('text/html');
  const shape = page ? null : errorShapeProblem(answer);
  if (shape) return `answered ${answer.status} with ${shape}`;
  const leak = leakIn(answer.body);
  return leak ? `answered ${answer.status} with ${leak}` : null;
}
