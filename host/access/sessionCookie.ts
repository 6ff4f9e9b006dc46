/**
 * The session cookie set by the pairing link (CONTRACT.md §4). Its name carries the port the
 * browser used: cookies do not tell ports apart, so two hosts on one machine would otherwise
 * overwrite each other's cookie. It lasts 400 days (the most Chrome keeps), not the browser
 * session, so an installed PWA stays paired.
 */

const maxAgeSeconds = 400 * 24 * 60 * 60;

/** The cookie's name for a request whose `Host` header is `host`. */
export function sessionCookieName(host: string | undefined, tls: boolean): string {
  const port = /:(\d+)$/.exec(host ?? '')?.[1] ?? (tls ? '443' : '80');
  return `switchboard_${port}`;
}

/** The `Set-Cookie` header value that stores `value`. */
export function sessionCookie(name: string, value: string, tls: boolean): string {
  const secure = tls ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}

/** The values of every cookie called `name` in a `Cookie` header (a browser may send several). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header.split(';').flatMap((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) return [];
    return [pair.slice(equals + 1).trim()];
  });
}
