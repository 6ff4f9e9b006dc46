/** `data.kind` of a JSON-RPC error with code -32000 (CONTRACT.md §3). */
export type ErrorKind =
  'unknown-agent' | 'empty-text' | 'limit' | 'start-failed' | 'invalid-config' | 'not-found' | 'io';
