import { open } from 'node:fs/promises';
import { maxConfigBytes } from '../../schema/configCheck/limits.ts';

/**
 * A configuration file's text, read up to one byte past {@link maxConfigBytes}: a larger file is
 * known to be too large (`checkConfig` says so) without ever being in memory whole.
 */
export async function readConfigText(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(maxConfigBytes + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.toString('utf8', 0, filled);
  } finally {
    await handle.close();
  }
}
