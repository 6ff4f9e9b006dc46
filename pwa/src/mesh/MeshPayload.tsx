import { splitPayload } from './payloadText.ts';

/** A message's payload, compact: its reason (or message) to read, the rest as JSON. */
export function MeshPayload({ payload }: { payload: Record<string, unknown> }) {
  const { text, rest } = splitPayload(payload);
  if (text === undefined && rest === undefined) return null;
  return (
    <div className="mesh-payload">
      {text !== undefined && <p className="mesh-payload-text">{text}</p>}
      {rest !== undefined && <code className="mesh-payload-json">{rest}</code>}
    </div>
  );
}
