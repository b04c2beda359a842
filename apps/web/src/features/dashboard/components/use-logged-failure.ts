import { useEffect } from 'react';

/** SPEC 8: a failed dashboard fetch is only logged; the section stays quiet. */
export function useLoggedFailure(what: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.error(`Dashboard: loading ${what} failed`, error);
  }, [what, error]);
}
