import { describe, expect, it } from 'vitest';
import { messageAttachments, promptBlocks, promptOffer } from '../../workers/promptBlocks.ts';
import type { PromptAttachment } from '../../schema/worker.ts';

const image: PromptAttachment = {
  kind: 'image',
  id: 'abc',
  mimeType: 'image/png',
  size: 3,
  data: 'AAAA',
};
const notes: PromptAttachment = {
  kind: 'file',
  path: 'src/notes.md',
  realPath: '/work/project/src/notes.md',
  size: 8,
  text: '# Notes\n',
};
const binary: PromptAttachment = {
  kind: 'file',
  path: 'logo.bin',
  realPath: '/work/project/logo.bin',
  size: 4,
};

describe('the blocks of a prompt (ACP content)', () => {
  it('embeds a text file for an agent that takes embedded context, and links any other', () => {
    const offer = { image: true, embeddedContext: true };
    expect(promptBlocks('look', [image, notes, binary], offer)).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      {
        type: 'resource',
        resource: { uri: 'file:///work/project/src/notes.md', text: '# Notes\n' },
      },
      {
        type: 'resource_link',
        uri: 'file:///work/project/logo.bin',
        name: 'logo.bin',
        title: 'logo.bin',
        size: 4,
      },
    ]);
  });

  it('links every file, and never sends an image, to an agent that takes neither', () => {
    const blocks = promptBlocks('', [image, notes], promptOffer({}));
    expect(blocks.map((block) => block.type)).toEqual(['text', 'resource_link']);
    expect(blocks[0]).toEqual({
      type: 'text',
      text: '[image left out: this agent does not take images]',
    });
  });

  it('keeps no bytes and no real path in the message', () => {
    expect(messageAttachments([image, notes])).toEqual({
      attachments: [
        { kind: 'image', mimeType: 'image/png', id: 'abc', size: 3 },
        { kind: 'file', path: 'src/notes.md' },
      ],
    });
    expect(messageAttachments([])).toEqual({});
  });
});
