import { memo } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];
// Sanitize first: highlight's `hljs-*` classes come after and are ours, not the agent's.
const rehypePlugins: Options['rehypePlugins'] = [
  rehypeSanitize,
  [rehypeHighlight, { detect: false }],
];

// A link leaves the app: in a new tab, without handing it our window.
const Link: Components['a'] = ({ node: _, ...props }) => (
  <a {...props} target="_blank" rel="noopener noreferrer" />
);

const components: Components = {
  a: Link,
  // An image an agent names is a link, not a load: fetched at once, its URL could carry what a
  // prompt injection made the agent write (the CSP lets any image in, for the agents' icons).
  img: ({ src, alt }) => (typeof src === 'string' ? <Link href={src}>{alt || src}</Link> : null),
};

/**
 * An agent's Markdown (GitHub flavour), rendered safely: raw HTML stays text, and what the
 * Markdown makes is sanitized before code is highlighted.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
