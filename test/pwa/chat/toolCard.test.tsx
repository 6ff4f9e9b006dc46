// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToolCard } from '../../../pwa/src/chat/ToolCard.tsx';
import { blankTool } from '../../../workers/messageModel.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

describe('a tool call a rule answered', () => {
  it('says which rule, and how', () => {
    mockHost();
    renderWithHost(
      <ToolCard
        tool={{
          ...blankTool('t'),
          title: 'Edit a.ts',
          kind: 'edit',
          rule: { index: 0, answer: 'allow' },
        }}
      />,
    );
    expect(screen.getByText('Allowed by your permission rule 1 (Settings).').className).toBe(
      'chat-note chat-tool-rule chat-tool-rule-allow',
    );
  });
});

describe('a tool call that returned an image', () => {
  it('shows it, named after the call', () => {
    mockHost();
    renderWithHost(
      <ToolCard
        tool={{
          ...blankTool('t'),
          title: 'Take a screenshot',
          images: [{ mimeType: 'image/png', data: 'AAAA' }],
        }}
      />,
    );
    const image = screen.getByRole<HTMLImageElement>('img', {
      name: 'Image 1 of “Take a screenshot”',
    });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });
});
