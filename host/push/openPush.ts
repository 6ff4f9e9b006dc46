import type Database from 'better-sqlite3';
import type { Language } from '../i18n.ts';
import type { EndpointRule } from './pushEndpoint.ts';
import { PushSender, type PushSenderOptions } from './PushSender.ts';
import { PushSubscriptions } from './PushSubscriptions.ts';
import { loadOrCreateVapidKeys, type VapidKeys } from './vapidKeys.ts';

/** What the host's Web Push needs of the rest of the host. */
export interface PushHost {
  env: Readonly<Record<string, string | undefined>>;
  language: () => Language;
  title: PushSenderOptions['title'];
  pending: PushSenderOptions['pending'];
  waiting: PushSenderOptions['waiting'];
}

/** The VAPID `sub` claim when `SWITCHBOARD_PUSH_SUBJECT` names none (Apple refuses `localhost`). */
const defaultPushSubject = 'mailto:switchboard@example.com';

/**
 * The host's Web Push, from its state dir: the VAPID keys (made once), the subscribed devices
 * (in the state database `db`, beside the devices they belong to), and the sender. `SWITCHBOARD_PUSH_LOOPBACK=1` lets endpoints on `127.0.0.1`/`localhost` in, for
 * the tests' own push service only; `SWITCHBOARD_PUSH_SUBJECT` sets the VAPID subject.
 */
export async function openPush(
  stateDir: string,
  db: Database.Database,
  host: PushHost,
): Promise<{ keys: VapidKeys; subscriptions: PushSubscriptions; sender: PushSender }> {
  const rule: EndpointRule = { loopback: host.env.SWITCHBOARD_PUSH_LOOPBACK === '1' };
  const keys = await loadOrCreateVapidKeys(stateDir);
  const subscriptions = PushSubscriptions.open(db, stateDir, rule);
  const sender = new PushSender({
    subscriptions,
    keys,
    subject: host.env.SWITCHBOARD_PUSH_SUBJECT ?? defaultPushSubject,
    rule,
    language: host.language,
    title: host.title,
    pending: host.pending,
    waiting: host.waiting,
  });
  return { keys, subscriptions, sender };
}
