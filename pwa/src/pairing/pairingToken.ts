/**
 * The token in what a person pasted: the whole link printed by `npm start`
 * (`http://host:7777/?token=T`, with or without its scheme), a bare `token=T`, or the token
 * alone. `undefined` when there is none.
 *
 * @example
 * pairingToken('http://192.168.1.20:7777/?token=abc') // 'abc'
 * pairingToken('  abc ') // 'abc'
 */
export function pairingToken(pasted: string): string | undefined {
  const text = pasted.trim();
  if (text === '') return undefined;
  const query = /(?:^|[?&])(?:token|%74oken)=/i.exec(text);
  if (query) {
    // The host reads the `token` parameter in any case (host/access/tokenInUrl.ts).
    const search = text.slice(query.index).replace(/^[?&]/, '').split('#')[0] ?? '';
    for (const [name, value] of new URLSearchParams(search)) {
      if (name.toLowerCase() === 'token' && value !== '') return value;
    }
    return undefined;
  }
  // A link without a token (it has a slash), or words with spaces, is no token.
  if (/[\s/?#]/.test(text)) return undefined;
  return text;
}

/** Where to send the page: the host checks the token, sets its cookie and redirects to `/`. */
export function pairingUrl(token: string): string {
  return `/?token=${encodeURIComponent(token)}`;
}
