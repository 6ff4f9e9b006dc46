import { pathToFileURL } from 'node:url';
import { basename } from 'node:path';
import type { ContentBlock, PromptCapabilities } from '@agentclientprotocol/sdk';
import type { MessageAttachment, PromptOffer } from '../schema/attachments.ts';
import type { PromptAttachment } from '../schema/worker.ts';

/** What an agent's `promptCapabilities` let Switchboard send it (absent: text and links only). */
export const promptOffer = (capabilities: PromptCapabilities | undefined): PromptOffer => ({
  image: capabilities?.image === true,
  embeddedContext: capabilities?.embeddedContext === true,
});

/** What the user message keeps of its attachments (none when it has none): no bytes, no real path. */
export function messageAttachments(attachments: readonly PromptAttachment[]): {
  attachments?: MessageAttachment[];
} {
  if (attachments.length === 0) return {};
  return {
    attachments: attachments.map((attachment) =>
      attachment.kind === 'image'
        ? { kind: 'image', mimeType: attachment.mimeType, id: attachment.id, size: attachment.size }
        : { kind: 'file', path: attachment.path },
    ),
  };
}

/**
 * The content blocks of a `session/prompt`: the text, then each attachment as the agent takes it.
 * An image goes only to an agent that advertises `image` (the host refused the others; a run that
 * no longer takes them gets a line saying one was left out); a file is embedded (`resource`) when
 * the agent takes embedded context and the host read its text, else it is a `resource_link`.
 *
 * See protocol docs: [Content](https://agentclientprotocol.com/protocol/v1/content)
 */
export function promptBlocks(
  text: string,
  attachments: readonly PromptAttachment[],
  offer: PromptOffer,
): ContentBlock[] {
  const blocks: ContentBlock[] = text === '' ? [] : [{ type: 'text', text }];
  for (const attachment of attachments) {
    if (attachment.kind === 'image') {
      blocks.push(
        offer.image
          ? { type: 'image', mimeType: attachment.mimeType, data: attachment.data }
          : { type: 'text', text: '[image left out: this agent does not take images]' },
      );
      continue;
    }
    const uri = pathToFileURL(attachment.realPath).href;
    if (offer.embeddedContext && attachment.text !== undefined) {
      blocks.push({ type: 'resource', resource: { uri, text: attachment.text } });
    } else {
      const name = basename(attachment.path);
      blocks.push({
        type: 'resource_link',
        uri,
        name,
        title: attachment.path,
        size: attachment.size,
      });
    }
  }
  return blocks;
}
