import { ApiError } from '../lib/api-error';

/** A failed load, in the words of SPEC 8 (the server's message when it gave one). */
export function QueryError({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <p className="form-error" role="alert">
      {error.message}
      {notFound && '. It may have been removed, or the link is wrong.'}
    </p>
  );
}
