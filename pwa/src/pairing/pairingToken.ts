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

/** The letters of a pairing code (host/access/PairingCodes.ts): no 0/O, 1/I. */
const codePattern = /^[2-9A-HJ-NP-Z]{10}$/;

/**
 * The one-time code in what a person pasted: a pairing link (`…/pair?code=C`) or the code alone,
 * in any case, with spaces or dashes. `undefined` when there is none.
 *
 * @example
 * pairingCode('https://host:7777/pair?code=ABCDE23456') // 'ABCDE23456'
 * pairingCode('abcde-23456') // 'ABCDE23456'
 */
export function pairingCode(pasted: string): string | undefined {
  const text = pasted.trim();
  const linked = /\/pair\?(?:[^#]*&)?code=([^&#]+)/i.exec(text)?.[1];
  const code = (linked ?? text).replace(/[\s-]/g, '').toUpperCase();
  return codePattern.test(code) ? code : undefined;
}
