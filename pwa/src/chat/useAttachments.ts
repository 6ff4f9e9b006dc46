import { useCallback, useRef, useState } from 'react';
import { attachmentLimits, type SendAttachment } from '../../../schema/attachments.ts';
import { useT } from '../i18n.tsx';
import { readImage, type PendingImage } from './imageFile.ts';

export interface Attachments {
  images: readonly PendingImage[];
  /** Files of the agent's `cwd`, relative to it, chosen with `@`. */
  files: readonly string[];
  /** Why the last images given could not all go, in the user's language. */
  problem: string | undefined;
  addImages: (files: readonly File[]) => Promise<void>;
  removeImage: (key: string) => void;
  addFile: (path: string) => void;
  removeFile: (path: string) => void;
  /** What `ChatService.Send` takes as its third param. */
  toSend: () => SendAttachment[];
  clear: () => void;
}

const mebibytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The images and files that go with the next message: checked here as the host will check them
 * (type, how many, how large: `attachmentLimits`) so the user hears at once, in their language.
 */
export function useAttachments(agentTitle: string, takesImages: boolean): Attachments {
  const t = useT();
  const [images, setImages] = useState<PendingImage[]>([]);
  const [files, setFiles] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const keys = useRef(0);
  // What is shown, for the images read meanwhile (a paste while a drop is read).
  const shown = useRef<PendingImage[]>([]);
  const show = useCallback((next: PendingImage[]) => {
    shown.current = next;
    setImages(next);
  }, []);

  const addImages = useCallback(
    async (given: readonly File[]) => {
      if (given.length === 0) return;
      if (!takesImages) {
        setProblem(t('chat.attach.noImages', { agent: agentTitle }));
        return;
      }
      const read = await Promise.all(given.map((file) => readImage(file, `i${keys.current++}`)));
      const ok = read.filter((result): result is PendingImage => !('kind' in result));
      const refused = read.find((result) => 'kind' in result);
      const next = [...shown.current, ...ok];
      const size = next.reduce((sum, image) => sum + image.size, 0);
      // What would be refused is not kept: the images before stay.
      if (next.length > attachmentLimits.images) {
        setProblem(t('chat.attach.tooMany', { max: attachmentLimits.images }));
      } else if (size > attachmentLimits.imageBytes) {
        const max = mebibytes(attachmentLimits.imageBytes);
        setProblem(t('chat.attach.tooBig', { size: mebibytes(size), max }));
      } else {
        show(next);
        setProblem(
          refused && 'kind' in refused
            ? t(`chat.attach.${refused.kind}`, { name: refused.name })
            : undefined,
        );
      }
    },
    [agentTitle, show, t, takesImages],
  );

  return {
    images,
    files,
    problem,
    addImages,
    removeImage: (key) => {
      show(shown.current.filter((image) => image.key !== key));
      setProblem(undefined);
    },
    addFile: (path) =>
      setFiles((current) =>
        current.includes(path) || current.length >= attachmentLimits.files
          ? current
          : [...current, path],
      ),
    removeFile: (path) => setFiles((current) => current.filter((file) => file !== path)),
    toSend: () => [
      ...images.map(({ mimeType, data }) => ({ kind: 'image' as const, mimeType, data })),
      ...files.map((path) => ({ kind: 'file' as const, path })),
    ],
    clear: () => {
      show([]);
      setFiles([]);
      setProblem(undefined);
    },
  };
}
