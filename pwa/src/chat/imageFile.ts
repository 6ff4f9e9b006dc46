import { isImageMimeType, maxImageSide, type ImageMimeType } from '../../../schema/attachments.ts';

/** An image ready to go with a message: its bytes as base64, and a URL to show it before. */
export interface PendingImage {
  key: string;
  name: string;
  mimeType: ImageMimeType;
  data: string;
  /** Decoded bytes. */
  size: number;
  url: string;
}

/** Why a picked, pasted or dropped file cannot go. */
export type ImageProblem = { kind: 'type' | 'unreadable'; name: string };

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: a spread of millions of arguments would overflow the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/**
 * A photo larger than `maxImageSide` made smaller, as JPEG: a tablet camera's 12-megapixel photo
 * would not fit a message (3 MiB of images), and agents shrink larger ones anyway. A GIF (it may
 * move) and a browser without `createImageBitmap` keep the file as it is.
 */
async function smaller(file: File): Promise<Blob> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file).catch(() => undefined);
  if (!bitmap) return file;
  const scale = maxImageSide / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.85),
  );
  return blob ?? file;
}

/** Reads an image the user gave; a file of another type, or one that cannot be read, is a problem. */
export async function readImage(file: File, key: string): Promise<PendingImage | ImageProblem> {
  const name = file.name || file.type;
  if (!isImageMimeType(file.type)) return { kind: 'type', name };
  try {
    const blob = await smaller(file);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const mimeType = isImageMimeType(blob.type) ? blob.type : file.type;
    const data = base64Of(bytes);
    return {
      key,
      name,
      mimeType,
      data,
      size: bytes.length,
      url: `data:${mimeType};base64,${data}`,
    };
  } catch {
    return { kind: 'unreadable', name };
  }
}
