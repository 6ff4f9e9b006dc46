import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxDevices } from '../../../host/access/DeviceStore.ts';
import { minters, PairingCodes, pairingCodeLifetimeMs } from '../../../host/access/PairingCodes.ts';
import { sayIn } from '../../../host/i18n.ts';
import { cleanDeviceName, deviceNameOf } from '../../../schema/deviceName.ts';
import { openDevices, stateFolder } from './accessHarness.ts';

describe('the paired devices', () => {
  it('each have a cookie of their own, kept as a hash in the state database that outlives the host', async () => {
    const folder = await stateFolder();
    const first = openDevices(folder);
    const ipad = first.devices.add('  iPad  ')!;
    const laptop = first.devices.add('Laptop')!;
    expect(ipad.cookie).toMatch(/^d\.[\w-]{36}\.[\w-]{43}$/);
    expect(first.devices.verify(ipad.cookie)).toBe(ipad.id);
    expect(first.devices.verify(laptop.cookie)).toBe(laptop.id);
    first.database.close();
    const file = await readFile(join(folder, 'conversations.db'));
    expect(file.includes(ipad.cookie.split('.')[2]!)).toBe(false);

    const { devices: reopened } = openDevices(folder);
    expect(reopened.verify(ipad.cookie)).toBe(ipad.id);
    expect(reopened.list(laptop.id).map(({ name, current }) => ({ name, current }))).toEqual([
      { name: 'iPad', current: false },
      { name: 'Laptop', current: true },
    ]);
  });

  it('lets nothing else in: another secret, another id, a malformed value, a revoked device', async () => {
    const { devices } = openDevices(await stateFolder());
    const { id, cookie } = devices.add('Phone')!;
    const [, , secret] = cookie.split('.');
    const other = devices.add('Other')!;
    expect(devices.verify(`d.${id}.${other.cookie.split('.')[2]}`)).toBeUndefined();
    expect(devices.verify(`d.${other.id}.${secret}`)).toBeUndefined();
    for (const value of ['', 'd.', `d.${id}`, `${id}.${secret}`, `d.${id}.${secret}x`]) {
      expect(devices.verify(value)).toBeUndefined();
    }
    expect(devices.revoke(id)).toBe(true);
    expect(devices.verify(cookie)).toBeUndefined();
    expect(devices.revoke(id)).toBe(false);
    expect(devices.list().map(({ name }) => name)).toEqual(['Other']);
  });

  it('marks when each was last seen, writes it at most once a minute, and keeps names short', async () => {
    const folder = await stateFolder();
    let now = new Date('2026-12-01T10:00:00Z');
    const first = openDevices(folder, () => now);
    const { cookie } = first.devices.add('x'.repeat(500))!;
    now = new Date('2026-12-01T11:30:00Z');
    first.devices.verify(cookie);
    now = new Date('2026-12-01T11:30:30Z');
    first.devices.verify(cookie);
    const [listed] = first.devices.list();
    expect(listed).toMatchObject({ createdAt: '2026-12-01T10:00:00.000Z' });
    expect(listed!.lastSeen).toBe('2026-12-01T11:30:30.000Z');
    expect(listed!.name).toHaveLength(80);
    first.database.close();
    const [kept] = openDevices(folder).devices.list();
    expect(kept!.lastSeen).toBe('2026-12-01T11:30:00.000Z');
  });

  it('takes in the devices.json of an older install once; a damaged one pairs nobody', async () => {
    const folder = await stateFolder();
    await writeFile(join(folder, 'devices.json'), '{not json');
    const { devices } = openDevices(folder);
    expect(devices.list()).toEqual([]);
    expect(await readdir(folder)).toContain('devices.json.imported');
    for (let index = 0; index < maxDevices; index++) {
      expect(devices.add('d')?.cookie).toMatch(/^d\./);
    }
    expect(devices.add('one too many')).toBeUndefined();
  });
});

describe('a pairing code', () => {
  it('works once, for 10 minutes (a simulated clock), typed in any case with dashes', () => {
    let now = 0;
    const codes = new PairingCodes(() => now);
    const first = codes.issue(minters.owner);
    expect(first.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect(first.expiresAt.getTime()).toBe(pairingCodeLifetimeMs);
    const typed = `${first.code.slice(0, 5).toLowerCase()}-${first.code.slice(5)}`;
    expect(codes.take(typed)).toBe(minters.owner);
    expect(codes.take(first.code)).toBeUndefined();

    const late = codes.issue('device-1');
    now = pairingCodeLifetimeMs - 1;
    const inTime = codes.issue('device-1');
    now += 1;
    expect(codes.take(late.code)).toBeUndefined();
    expect(codes.take(inTime.code)).toBe('device-1');
    expect(codes.take('')).toBeUndefined();
  });

  it("forgets a minter's own oldest when it has too many waiting, and a device's all at once", () => {
    const codes = new PairingCodes(() => 0);
    const terminal = codes.issue(minters.terminal);
    const oldest = codes.issue('device-1');
    const rest = Array.from({ length: 20 }, () => codes.issue('device-1'));
    const other = codes.issue('device-2');
    expect(codes.take(oldest.code)).toBeUndefined();
    expect(codes.take(terminal.code)).toBe(minters.terminal);
    expect(rest.slice(1).every(({ code }) => codes.take(code) === 'device-1')).toBe(true);
    codes.forget('device-2');
    expect(codes.take(other.code)).toBeUndefined();
  });
});

describe('a device’s default name', () => {
  const names = {
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1':
      'Safari on iPad',
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36':
      'Chrome on Android',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0':
      'Edge on Windows',
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0': 'Firefox on Linux',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15':
      'Safari on macOS',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36':
      'Chrome on Linux',
    'curl/8.5.0': 'Browser',
  };

  it('says its browser and system', () => {
    const english = sayIn(() => 'en');
    for (const [agent, name] of Object.entries(names)) {
      expect(deviceNameOf(agent, english)).toBe(name);
    }
    expect(deviceNameOf(undefined, english)).toBe('Browser');
  });

  it('says it in the language asked for', () => {
    const french = sayIn(() => 'fr');
    const [ipad, android, , , , linux, curl] = Object.keys(names);
    expect(deviceNameOf(ipad, french)).toBe('Safari sur iPad');
    expect(deviceNameOf(android, french)).toBe('Chrome sous Android');
    expect(deviceNameOf(linux, french)).toBe('Chrome sous Linux');
    expect(deviceNameOf(curl, french)).toBe('Navigateur');
  });
});

describe('a device name as kept', () => {
  it('loses controls, bidirectional and invisible formatting, keeps its letters and emoji whole', () => {
    expect(cleanDeviceName('\u202Eevil\u2066Tablet\u2069\u0007\u0085 \u200B  x\t\n')).toBe(
      'evilTablet x',
    );
    expect(cleanDeviceName('Pad\u00AD\uFEFF\u200D\u2060\u061C\u200E\u200F\u3164\u{E0041}')).toBe(
      'Pad',
    );
    expect(cleanDeviceName('Cafe\u0301 de l’été 📱')).toBe('Café de l’été 📱');
    expect(cleanDeviceName('\u202E\u0000 ')).toBe('');
    const long = cleanDeviceName(`${'x'.repeat(79)}📱📱`);
    expect(Array.from(long)).toHaveLength(80);
    expect(long.endsWith('📱')).toBe(true);
  });
});
