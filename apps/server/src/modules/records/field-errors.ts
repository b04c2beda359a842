import { AppError } from '../../lib/errors';

/**
 * 404 for an id in a body that names nothing of this organization (SECURITY.md: another
 * tenant's id reads as missing), with the field in `details` so the form can show it.
 */
export function notFoundField(field: string, message: string): AppError {
  return new AppError(404, message, { [field]: message });
}

/** 400 for one field, in the shape the validation errors have. */
export function invalidField(field: string, message: string): AppError {
  return new AppError(400, message, { [field]: message });
}

export function staleVersion(what: string): AppError {
  return new AppError(409, `This ${what} was changed by someone else. Reload it and try again.`);
}

/** 409 for one field, such as a code another record already uses. */
export function conflictField(field: string, message: string): AppError {
  return new AppError(409, message, { [field]: message });
}
