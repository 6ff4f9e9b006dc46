// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsSection } from '../../../pwa/src/settings/notifications/NotificationsSection.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

/** The browser's `Notification`, with the answer the user gives when asked. */
function stubNotifications(answer: NotificationPermission) {
  const requestPermission = vi.fn(() => {
    FakeNotification.permission = answer;
    return Promise.resolve(answer);
  });
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  return requestPermission;
}

/** A service worker whose push manager hands out one subscription. */
function stubPush() {
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      expirationTime: null,
      keys: { p256dh: 'BKey', auth: 'secret' },
    }),
    unsubscribe,
  };
  let current: typeof subscription | null = null;
  const subscribe = vi.fn(() => Promise.resolve((current = subscription)));
  const registration = {
    active: {},
    pushManager: { subscribe, getSubscription: () => Promise.resolve(current) },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
  return { subscribe, unsubscribe };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const toggle = () => screen.getByRole('switch', { name: 'Notify me on this device' });
const status = () => screen.getByRole('status').textContent;

describe('the notifications of this device, in Settings', () => {
  it('asks the browser in the click, subscribes to push, and turns both off', async () => {
    const ask = stubNotifications('granted');
    const push = stubPush();
    const host = mockHost({
      'PushService.Key': () => 'host-vapid-key',
      'PushService.Subscribe': () => null,
      'PushService.Unsubscribe': () => null,
    });
    renderWithHost(<NotificationsSection />);
    expect(status()).toBe('Notifications are off for this device.');
    expect((toggle() as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(status()).toBe(
        'Notifications are on for this device. Also when the app is closed (Web Push).',
      ),
    );
    expect(ask).toHaveBeenCalledOnce();
    expect((toggle() as HTMLInputElement).checked).toBe(true);
    expect(push.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: 'host-vapid-key',
    });
    expect(host.calls.find((call) => call.method === 'PushService.Subscribe')?.params).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        expirationTime: null,
        keys: { p256dh: 'BKey', auth: 'secret' },
      },
    ]);
    expect(localStorage.getItem('switchboard.notifications')).toBe('on');

    fireEvent.click(toggle());
    await waitFor(() => expect(status()).toBe('Notifications are off for this device.'));
    expect(host.calls.find((call) => call.method === 'PushService.Unsubscribe')?.params).toEqual([
      'https://fcm.googleapis.com/fcm/send/device-1',
    ]);
    expect(push.unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem('switchboard.notifications')).toBe('off');
  });

  it('stays on while the app is open when the browser offers no push', async () => {
    stubNotifications('granted');
    mockHost();
    renderWithHost(<NotificationsSection />);
    fireEvent.click(toggle());
    await waitFor(() => expect(status()).toContain('Only while the app is open'));
    expect(status()).toContain('no service worker');
    expect((toggle() as HTMLInputElement).checked).toBe(true);
  });

  it('says so when the browser blocks notifications, in French too', async () => {
    stubNotifications('denied');
    mockHost();
    renderWithHost(<NotificationsSection />, 'fr');
    fireEvent.click(screen.getByRole('switch', { name: 'Me prévenir sur cet appareil' }));
    await waitFor(() =>
      expect(status()).toBe(
        'Le navigateur bloque les notifications de Switchboard : autorisez-les dans les réglages de ce site, puis réessayez.',
      ),
    );
    expect(localStorage.getItem('switchboard.notifications')).toBeNull();
  });

  it('is disabled where the browser has no notifications', () => {
    mockHost();
    vi.stubGlobal('Notification', undefined);
    renderWithHost(<NotificationsSection />);
    expect((toggle() as HTMLInputElement).disabled).toBe(true);
    expect(status()).toBe('This browser cannot show notifications.');
  });
});
