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

-- The devices.json and push/subscriptions.json of an older install, once each.
CREATE TABLE imported_files (
  name TEXT PRIMARY KEY NOT NULL,
  imported_at TEXT NOT NULL
) STRICT;
`;
