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
 * A paired device's default name, from its browser's user agent: `Chrome on Android`,
 * `Safari on iPad`; what is not known stays out (`Firefox`, `Linux`, `Browser`). The pairing page
 * offers it, and the host uses it for a browser paired by the owner's link.
 *
 * @example
 * deviceNameOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) … Version/17.0 Safari/605.1.15');
 * // 'Safari on iPad'
 */
export function deviceNameOf(userAgent: string | undefined): string {
  const text = userAgent ?? '';
  const browser = first(browsers, text);
  const system = first(systems, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Browser';
}
