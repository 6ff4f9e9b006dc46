import { attachmentUrl, type MessageAttachment } from '../../../schema/attachments.ts';
import { useT } from '../i18n.tsx';

/**
 * The images and files a user message went with: each image from the host, where it is kept once
 * (`/api/attachments/<id>`), opening at full size; each file as a chip of its path.
 */
export function MessageAttachments({ attachments }: { attachments: readonly MessageAttachment[] }) {
  const t = useT();
  let images = 0;
  return (
    <ul className="chat-attachments chat-message-attachments" aria-label={t('chat.attach.sent')}>
      {attachments.map((attachment) => {
        if (attachment.kind === 'file') {
          return (
            <li key={`f:${attachment.path}`} className="chat-attachment chat-attachment-file">
              <span
                className="chat-file-chip"
                title={t('chat.attach.file', { path: attachment.path })}
              >
                <span className="chat-file-chip-path">@{attachment.path}</span>
              </span>
            </li>
          );
        }
        const index = ++images;
        const url = attachmentUrl(attachment.id);
        return (
          <li key={`i:${index}:${attachment.id}`} className="chat-attachment chat-attachment-image">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <img src={url} alt={t('chat.attach.imageAlt', { index })} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
