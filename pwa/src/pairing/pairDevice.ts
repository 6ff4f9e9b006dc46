/**
 * `POST /api/pair` (CONTRACT.md §9): pairs this browser with `code` as a device named `name`.
 * Resolves with `undefined` once paired (the host set this device's session cookie), else with
 * why not: the host's sentence, or `unreachable` when it could not be asked.
 */
export async function pairDevice(
  code: string,
  name: string,
  unreachable: string,
): Promise<string | undefined> {
  try {
    const response = await fetch('/api/pair', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: code.trim(), name: name.trim() }),
      credentials: 'same-origin',
    });
    if (response.ok) return undefined;
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : unreachable;
  } catch {
    return unreachable;
  }
}
