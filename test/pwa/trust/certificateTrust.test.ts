import { describe, expect, it } from 'vitest';
import { certificateTrust } from '../../../pwa/src/trust/certificateTrust.ts';
import { devicePlatform } from '../../../pwa/src/trust/devicePlatform.ts';

const https = { protocol: 'https:', hostname: 'studio.local' };
const refusing = (name: string) => ({
  register: () => Promise.reject(Object.assign(new Error('certificate'), { name })),
});

describe('whether the page is trusted', () => {
  it('needs nothing over plain HTTP on loopback, and cannot be installed over plain HTTP elsewhere', async () => {
    for (const hostname of ['localhost', '127.0.0.1', '[::1]']) {
      expect(await certificateTrust({ location: { protocol: 'http:', hostname } })).toBe(
        'not-needed',
      );
    }
    expect(
      await certificateTrust({ location: { protocol: 'http:', hostname: '192.168.1.20' } }),
    ).toBe('insecure');
  });

  it('is told over HTTPS by the registration of the service worker', async () => {
    const scripts: string[] = [];
    const accepting = {
      register: (url: string) => {
        scripts.push(url);
        return Promise.resolve({});
      },
    };
    expect(await certificateTrust({ location: https, serviceWorker: accepting })).toBe('trusted');
    expect(scripts).toEqual(['/sw.js']);
    expect(
      await certificateTrust({ location: https, serviceWorker: refusing('SecurityError') }),
    ).toBe('untrusted');
    // A missing script (the dev server) or no service worker at all tells nothing.
    expect(await certificateTrust({ location: https, serviceWorker: refusing('TypeError') })).toBe(
      'unknown',
    );
    expect(await certificateTrust({ location: https })).toBe('unknown');
  });
});

describe('the platform of a browser', () => {
  it('is read from its user agent, an iPad passing for a Mac included', () => {
    const ua = {
      ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15',
      android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile',
      windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0',
      linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0',
    };
    expect(devicePlatform(ua.ipad, 5)).toBe('ipados');
    expect(devicePlatform(ua.ipad, 0)).toBe('macos');
    expect(devicePlatform(ua.iphone, 5)).toBe('ipados');
    expect(devicePlatform(ua.android, 5)).toBe('android');
    expect(devicePlatform(ua.windows, 0)).toBe('windows');
    expect(devicePlatform(ua.linux, 0)).toBe('linux');
  });
});
