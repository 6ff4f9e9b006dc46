import type { PendingImage } from './imageFile.ts';
import { useT } from '../i18n.tsx';

export interface AttachmentTrayProps {
  images: readonly PendingImage[];
  files: readonly string[];
  onRemoveImage: (key: string) => void;
  onRemoveFile: (path: string) => void;
}

/** What goes with the next message, before it is sent: thumbnails and file chips, each removable. */
export function AttachmentTray({
  images,
  files,
  onRemoveImage,
  onRemoveFile,
}: AttachmentTrayProps) {
  const t = useT();
  if (images.length === 0 && files.length === 0) return null;
  return (
    <ul className="chat-attachments" aria-label={t('chat.attach.tray')}>
      {images.map((image, index) => (
        <li key={image.key} className="chat-attachment chat-attachment-image">
          <img src={image.url} alt={t('chat.attach.imageAlt', { index: index + 1 })} />
          <button
            type="button"
            className="chat-attachment-remove"
            aria-label={t('chat.attach.removeImage', { index: index + 1 })}
            title={t('chat.attach.removeImage', { index: index + 1 })}
            onClick={() => onRemoveImage(image.key)}
          >
            ×
          </button>
        </li>
      ))}
      {files.map((path) => (
        <li key={path} className="chat-attachment chat-attachment-file">
          <span className="chat-file-chip">
            <span className="chat-file-chip-path">@{path}</span>
            <button
              type="button"
              className="chat-attachment-remove"
              aria-label={t('chat.attach.removeFile', { path })}
              title={t('chat.attach.removeFile', { path })}
              onClick={() => onRemoveFile(path)}
            >
              ×
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
