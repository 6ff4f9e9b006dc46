import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import {
  attachmentLimits,
  isImageMimeType,
  type ImageMimeType,
  type PromptOffer,
  type SendAttachment,
} from '../../schema/attachments.ts';
import type { PromptAttachment } from '../../schema/worker.ts';
import { imageId, type ImageStore } from '../conversations/ImageStore.ts';
import type { Say } from '../i18n.ts';
import { InvalidParams } from '../ServiceError.ts';
import { isOwnFile, isOwnedBy, ownIdentities } from '../../workers/rpc.ts';

/** What checking a message's attachments needs to know of its agent. */
export interface AttachmentCheck {
  agent: string;
  /** The agent's `cwd` as configured: its files are the only ones a message may name. */
  cwd: string;
  /** Switchboard's own files and folders: never sent, wherever the `cwd` is. */
  own: readonly string[];
  offer: PromptOffer;
  images: ImageStore;
  say: Say;
}

/** How each image type's bytes begin: an image is what its bytes say, not what it is called. */
const signatures: Record<ImageMimeType, (bytes: Buffer) => boolean> = {
  'image/png': (bytes) => bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  'image/jpeg': (bytes) => bytes.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  'image/gif': (bytes) => /^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1')),
  'image/webp': (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
const mebibytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Whether `path` is `root` or inside it (both real paths). */
function within(root: string, path: string): boolean {
  const inside = relative(root, path);
  return !(inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside));
}

/**
 * A message's attachments, checked where they enter (STYLE.md "Errors") and made ready for the
 * worker: at most {@link attachmentLimits} of them; an image of a type agents take, whose bytes
 * are that type, to an agent that takes images, kept once in `images`; a file that is a regular
 * file whose real path (symlinks followed, `..` resolved) lies in the real path of the `cwd` and
 * outside Switchboard's own files — read now, when small UTF-8 text, so that what the agent is
 * sent is what was checked. Each refusal is an `InvalidParams` (-32602) in the user's language.
 */
export async function checkAttachments(
  attachments: readonly SendAttachment[],
  check: AttachmentCheck,
): Promise<PromptAttachment[]> {
  const { say } = check;
  const images = attachments.filter((attachment) => attachment.kind === 'image');
  if (images.length > 0 && !check.offer.image) {
    throw new InvalidParams(say('attachment.noImages', { agent: check.agent }));
  }
  if (images.length > attachmentLimits.images) {
    throw new InvalidParams(say('attachment.tooManyImages', { max: attachmentLimits.images }));
  }
  if (attachments.length - images.length > attachmentLimits.files) {
    throw new InvalidParams(say('attachment.tooManyFiles', { max: attachmentLimits.files }));
  }
  const base64Length = images.reduce((sum, image) => sum + image.data.length, 0);
  // Past the limit by their length alone: not decoded.
  if (base64Length > Math.ceil(attachmentLimits.imageBytes / 3) * 4) {
    const size = mebibytes((base64Length * 3) / 4);
    const max = mebibytes(attachmentLimits.imageBytes);
    throw new InvalidParams(say('attachment.imageTooBig', { size, max }));
  }
  const checked: PromptAttachment[] = [];
  const bytesOf = new Map<string, Buffer>();
  for (const attachment of attachments) {
    if (attachment.kind === 'file') {
      checked.push(await checkFile(attachment.path, check));
      continue;
    }
    const bytes = checkImage(attachment.mimeType, attachment.data, say);
    const id = imageId(bytes);
    bytesOf.set(id, bytes);
    const { mimeType, data } = attachment;
    checked.push({ kind: 'image', id, mimeType, size: bytes.length, data });
  }
  // Kept once every attachment passed: a refused message leaves nothing behind.
  for (const image of checked) {
    if (image.kind === 'image') check.images.keep(image.id, image.mimeType, bytesOf.get(image.id)!);
  }
  return checked;
}

/** The bytes of an image `Send` was given, once they are an image agents take. */
function checkImage(mimeType: string, data: string, say: Say): Buffer {
  if (!isImageMimeType(mimeType)) {
    throw new InvalidParams(say('attachment.imageType', { mimeType: mimeType.slice(0, 100) }));
  }
  if (data.length % 4 !== 0 || !base64.test(data)) {
    throw new InvalidParams(say('attachment.imageData'));
  }
  const bytes = Buffer.from(data, 'base64');
  if (!signatures[mimeType](bytes)) {
    throw new InvalidParams(say('attachment.imageContent', { mimeType }));
  }
  return bytes;
}

async function checkFile(path: string, check: AttachmentCheck): Promise<PromptAttachment> {
  const { say, agent } = check;
  const shown = path.slice(0, 300);
  const missing = () => new InvalidParams(say('attachment.fileMissing', { path: shown, agent }));
  if (path.includes('\0')) throw missing();
  const root = await realpath(check.cwd).catch(() => {
    throw missing();
  });
  const real = await realpath(resolve(root, path)).catch(() => {
    throw missing();
  });
  if (!within(root, real)) {
    throw new InvalidParams(say('attachment.fileOutside', { path: shown, agent }));
  }
  const ownFile = () => new InvalidParams(say('attachment.fileOwn', { path: shown }));
  for (const own of check.own) {
    const ownReal = await realpath(own).catch(() => resolve(own));
    if (within(ownReal, real)) throw ownFile();
  }
  const own = await ownIdentities(check.own, real);
  if (await isOwnedBy(real, own)) throw ownFile();
  // Opened once, by its real path: what is read is the file that was checked. Non-blocking: a
  // FIFO would otherwise hold the request until someone writes to it.
  const file = await open(real, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => {
    throw missing();
  });
  try {
    const stats = await file.stat({ bigint: true });
    if (!stats.isFile()) throw missing();
    // What was opened, should the path have been swapped for a link to an own file meanwhile.
    const linked = stats.nlink > 1n ? await ownIdentities(check.own) : own;
    if (isOwnFile(stats, linked)) throw ownFile();
    const size = Number(stats.size);
    const text = size <= attachmentLimits.embeddedBytes ? textOf(await file.readFile()) : undefined;
    const named = { kind: 'file' as const, path: relative(root, real), realPath: real };
    return { ...named, size, ...(text !== undefined ? { text } : {}) };
  } finally {
    await file.close();
  }
}

/** The file's text if it is UTF-8 with no NUL (a binary file is sent as a link only). */
function textOf(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
