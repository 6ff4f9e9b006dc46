/** The fields of a payload that say in words why it was sent, the first one present first. */
const wordy = ['reason', 'message'] as const;

/**
 * A payload split for reading: its `reason` (or `message`) as text, and what else it carries as
 * compact JSON (`undefined` when nothing else).
 *
 * @example
 * splitPayload({ reason: 'release 3.1', pr: 42 }) // { text: 'release 3.1', rest: '{"pr":42}' }
 */
export function splitPayload(payload: Record<string, unknown>): {
  text: string | undefined;
  rest: string | undefined;
} {
  const field = wordy.find((name) => typeof payload[name] === 'string' && payload[name] !== '');
  const text = field === undefined ? undefined : (payload[field] as string);
  const others = Object.fromEntries(Object.entries(payload).filter(([name]) => name !== field));
  return { text, rest: Object.keys(others).length > 0 ? JSON.stringify(others) : undefined };
}
