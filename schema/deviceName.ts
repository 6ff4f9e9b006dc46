/** The sentences a default name is made of (`locales/`): any `Say` of the catalogs is one. */
export type SayDeviceName = (
  key: 'device.browserOnSystem' | 'device.someBrowser',
  values?: Record<string, string>,
) => string;

/** Browsers by what their user agent says, the more specific first (Edge says Chrome too). */
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems by what a user agent says, the more specific first (an iPad may say Macintosh). */
const systems: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: readonly [RegExp, string][], text: string) =>
  rules.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A paired device's default name, from its browser's user agent, in the language of `say`:
 * `Chrome on Android`, `Safari sur iPad`; what is not known stays out (`Firefox`, `Linux`,
 * `Browser`). The pairing page offers it, and the host uses it for a browser paired by the
 * owner's link.
 *
 * @example
 * deviceNameOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) … Version/17.0 Safari/605.1.15', say);
 * // 'Safari on iPad'
 */
export function deviceNameOf(userAgent: string | undefined, say: SayDeviceName): string {
  const text = userAgent ?? '';
  const browser = first(browsers, text);
  const system = first(systems, text);
  if (browser && system) return say('device.browserOnSystem', { browser, system });
  return browser ?? system ?? say('device.someBrowser');
}

/** The longest device name kept (a name is the user's, shown in Settings). */
export const maxDeviceName = 80;

/**
 * What may not be in a device's name, being invisible or reordering what follows: C0 and C1
 * controls, bidirectional overrides, embeddings and isolates, zero-width characters, soft hyphens,
 * variation selectors, Hangul fillers, tag characters (every default-ignorable code point), lone
 * surrogates and private-use characters. One name could otherwise pass for another.
 */
const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cs}\p{Co}]/gu;
/** Controls, line and paragraph separators, and every space: one plain space each. */
const spaces = /[\s\p{Cc}\p{Zl}\p{Zp}]+/gu;

/**
 * A device's name as the host keeps it (issue 31 item 8): composed (NFC), without what
 * {@link invisible} lists, its spaces and controls each run one space, trimmed, at most
 * `maxDeviceName` characters (code points: an emoji is never cut in half). `''` when nothing is
 * left, for the caller's default.
 *
 * @example
 * cleanDeviceName('\u202Eevil\u2066 Tablet\u0007'); // 'evil Tablet'
 */
export function cleanDeviceName(name: string): string {
  const kept = name.normalize('NFC').replace(invisible, '').replace(spaces, ' ').trim();
  return Array.from(kept).slice(0, maxDeviceName).join('').trim();
}
