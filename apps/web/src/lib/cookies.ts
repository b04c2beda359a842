export const CSRF_ACCESS_COOKIE = 'csrf_access_token';
export const CSRF_REFRESH_COOKIE = 'csrf_refresh_token';

/** A readable cookie's value. Cookies ignore ports, so the page reads what the API on localhost:5050 set. */
export function readCookie(name: string, cookieText: string = document.cookie): string | null {
  for (const part of cookieText.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return null;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
