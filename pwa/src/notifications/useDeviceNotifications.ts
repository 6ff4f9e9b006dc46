import { useSyncExternalStore } from 'react';
import type { HostStore } from '../connection/HostStore.ts';
import { useHostStore } from '../connection/useHost.ts';
import { DeviceNotifications, type DeviceNotificationsState } from './DeviceNotifications.ts';

const perStore = new WeakMap<HostStore, DeviceNotifications>();

/** This page's {@link DeviceNotifications}: one per host store, made when first asked for. */
export function deviceNotificationsFor(store: HostStore): DeviceNotifications {
  let device = perStore.get(store);
  if (!device) perStore.set(store, (device = new DeviceNotifications(store)));
  return device;
}

/** Notifications on this device, live, and the controls that change them. */
export function useDeviceNotifications(): DeviceNotificationsState & {
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
} {
  const device = deviceNotificationsFor(useHostStore());
  const state = useSyncExternalStore(device.subscribe, device.getState);
  return { ...state, turnOn: () => device.turnOn(), turnOff: () => device.turnOff() };
}
