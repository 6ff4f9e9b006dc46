/**
 * The paired devices' tables in the state database (migration 6, `conversations/migrations.ts`):
 * one transaction per change, so a revocation and a pairing that race are both kept, in order,
 * and a restart finds exactly what the host last answered (issue 31 item 4).
 */

/** v6: the paired devices, the Web Push subscriptions each made, and which old files were read. */
export const deviceTables = `
-- key is the row's stable rowid: the order devices were paired in, which List keeps.
CREATE TABLE devices (
  key INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  secret_hash TEXT NOT NULL
) STRICT;

-- Web Push subscriptions (issue 31 item 2), each its device's, gone with it. device NULL: the
-- owner's (the token's), or, imported = 1, one of an older install's file that no device has
-- claimed yet (its device subscribes again with the same keys).
CREATE TABLE push_subscriptions (
  key INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  device TEXT REFERENCES devices (id) ON DELETE CASCADE,
  imported INTEGER NOT NULL DEFAULT 0 CHECK (imported IN (0, 1)),
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX push_subscriptions_of_device ON push_subscriptions (device);

-- The one device the cookie of browsers paired before devices (the token's) became, once; its
-- device NULL once that device was revoked: that cookie then opens nothing.
CREATE TABLE old_cookie_device (
  only INTEGER PRIMARY KEY CHECK (only = 1),
  device TEXT REFERENCES devices (id) ON DELETE SET NULL
) STRICT;

-- The devices.json and push/subscriptions.json of an older install, once each.
CREATE TABLE imported_files (
  name TEXT PRIMARY KEY NOT NULL,
  imported_at TEXT NOT NULL
) STRICT;
`;
