/** The platforms the trust instructions cover. */
export type DevicePlatform = 'ipados' | 'android' | 'macos' | 'windows' | 'linux';

/** Every platform, in the order the instructions list them. */
export const devicePlatforms: readonly DevicePlatform[] = [
  'ipados',
  'android',
  'macos',
  'windows',
  'linux',
];

/**
 * The platform of this browser, from its user agent. iPadOS Safari says "Macintosh": a Mac with a
 * touch screen is an iPad. Anything unknown gets Linux's steps (a browser of its own store).
 */
export function devicePlatform(userAgent: string, maxTouchPoints: number): DevicePlatform {
  if (/iPad|iPhone|iPod/.test(userAgent)) return 'ipados';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ipados';
  if (/Android/.test(userAgent)) return 'android';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'macos';
  if (/Windows/.test(userAgent)) return 'windows';
  return 'linux';
}
