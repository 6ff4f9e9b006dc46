import { createHash } from 'node:crypto';
import { isImageMimeType, type ImageMimeType } from '../../schema/attachments.ts';
import type { ConversationDatabase } from './ConversationDatabase.ts';

/** The id an image is kept under: the SHA-256 of its bytes, in hex. */
export const imageId = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An image a user sent, as `GET /api/attachments/<id>` serves it. */
export interface StoredImage {
  mimeType: ImageMimeType;
  bytes: Buffer;
}

/**
 * The images users sent, kept once by content (the SHA-256 of their bytes is the id a message
 * names them by): in the conversations database, or in memory for a host that runs without one
 * (`SWITCHBOARD_BENCH_NO_STORAGE`). Events and messages carry the id, never the bytes.
 */
export class ImageStore {
  readonly #memory = new Map<string, StoredImage>();

  constructor(private readonly database?: ConversationDatabase) {}

  /** Keeps `bytes` (already checked to be an image of `mimeType`) under `id`, its `imageId`. */
  keep(id: string, mimeType: ImageMimeType, bytes: Buffer): void {
    if (this.database) this.database.keepImage(id, mimeType, bytes);
    else this.#memory.set(id, { mimeType, bytes });
  }

  get(id: string): StoredImage | undefined {
    if (!this.database) return this.#memory.get(id);
    const row = /^[0-9a-f]{64}$/.test(id) ? this.database.image(id) : undefined;
    return row && isImageMimeType(row.mimeType)
      ? { mimeType: row.mimeType, bytes: row.bytes }
      : undefined;
  }
}
