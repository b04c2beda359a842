type ErrorBody = {
  message?: unknown;
  error?: unknown;
  msg?: unknown;
  success?: unknown;
};

export const UNEXPECTED_ERROR = 'An unexpected error has occurred';

function asText(value: unknown): string | null {
  if (Array.isArray(value)) return asText(value[0]);
  if (typeof value === 'string' && value.length > 0) return value;
  return null;
}

/** SPEC 8: the first available of message, error, msg, success, with the two rewrites it names. */
export function pickErrorMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return UNEXPECTED_ERROR;
  const { message, error, msg, success } = body as ErrorBody;
  const fromMessage = asText(message);
  if (fromMessage) return fromMessage === 'Failed to fetch' ? 'Server disconnected' : fromMessage;
  const fromError = asText(error);
  if (fromError) return fromError;
  const fromMsg = asText(msg);
  if (fromMsg) return fromMsg === 'Token has expired' ? 'Token has expired please refresh' : fromMsg;
  const fromSuccess = asText(success);
  if (fromSuccess) return fromSuccess;
  return UNEXPECTED_ERROR;
}

/** SPEC 8: for a response that is not JSON, its status text or 'Error {status}'. */
export function nonJsonErrorMessage(status: number, statusText: string): string {
  return statusText || `Error ${status}`;
}

export function errorToastText(title: string, message: string): string {
  return `${title}: ${message}`;
}
