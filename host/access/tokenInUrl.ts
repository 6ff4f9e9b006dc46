/**
 * The `token` query parameter of a request URL: read it, remove it, redact it. A parameter is
 * the token when its decoded name is `token` in any case — `?%74oken=` included, since Fastify's
 * query parser decodes names too — so no spelling of it escapes the redaction.
 */

const redacted = '[redacted]';

interface SplitUrl {
  path: string;
  parameters: string[];
}

function split(url: string): SplitUrl {
  const mark = url.indexOf('?');
  if (mark < 0) return { path: url, parameters: [] };
  return { path: url.slice(0, mark), parameters: url.slice(mark + 1).split('&') };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function isNamed(parameter: string, wanted: string): boolean {
  const equals = parameter.indexOf('=');
  const name = equals < 0 ? parameter : parameter.slice(0, equals);
  return decode(name).toLowerCase() === wanted;
}

const isToken = (parameter: string) => isNamed(parameter, 'token');

/** The value of the first `token` parameter of `url`, decoded; `undefined` without one. */
export function tokenInUrl(url: string): string | undefined {
  const parameter = split(url).parameters.find(isToken);
  if (parameter === undefined) return undefined;
  const equals = parameter.indexOf('=');
  return equals < 0 ? '' : decode(parameter.slice(equals + 1));
}

/** `url` without its `token` parameters, the others kept byte for byte and in order. */
export function withoutToken(url: string): string {
  const { path, parameters } = split(url);
  const kept = parameters.filter((parameter) => !isToken(parameter));
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/**
 * `url` with the value of every `token` parameter replaced by `[redacted]`: what a log line may
 * show of a request URL.
 *
 * @example
 * redactToken('/api/ws?since=4&token=abc') // '/api/ws?since=4&token=[redacted]'
 */
export function redactToken(url: string): string {
  const { path, parameters } = split(url);
  // A pairing link's one-time code is a secret too while it lasts (CONTRACT.md §9).
  const secret = (parameter: string) => isToken(parameter) || isNamed(parameter, 'code');
  if (!parameters.some(secret)) return url;
  const shown = parameters.map((parameter) =>
    secret(parameter) ? `${parameter.split('=', 1)[0] ?? ''}=${redacted}` : parameter,
  );
  return `${path}?${shown.join('&')}`;
}

/**
 * Whether a request path is under `/api` as the router could see it: decoded, in any case,
 * slashes collapsed, a `;` ending it — so that a router option (case-insensitive routes,
 * duplicate slashes ignored) never turns a protected route into a public one. A path that does
 * not decode counts as protected.
 */
export function isApiPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return /^\/api(?:[/;]|$)/.test(decoded.toLowerCase().replace(/\/{2,}/g, '/'));
}
