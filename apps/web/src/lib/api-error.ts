import { nonJsonErrorMessage, pickErrorMessage, UNEXPECTED_ERROR } from '@practice/shared';

/** A failed call. `serverMessage` is what the server said, when it said anything usable (SPEC 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
    /** True when no answer arrived at all (server down, network cut). */
    readonly network = false,
    /** Field errors of a 4xx answer (`details`), keyed by the field's path such as `contacts.0.name`. */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (!isJson) {
    const message = nonJsonErrorMessage(response.status, response.statusText);
    return new ApiError(message, response.status, message);
  }
  const body: unknown = await response.json().catch(() => null);
  const picked = pickErrorMessage(body);
  return new ApiError(picked, response.status, picked === UNEXPECTED_ERROR ? null : picked, false, detailsOf(body));
}

function detailsOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || !('details' in body)) return {};
  const { details } = body;
  if (!details || typeof details !== 'object') return {};
  return Object.fromEntries(
    Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function networkError(cause: unknown): ApiError {
  const text = cause instanceof Error ? cause.message : '';
  const message = pickErrorMessage({ message: text });
  return new ApiError(message, 0, null, true);
}

export const LOGGING_OUT = 'Currently logging out';
