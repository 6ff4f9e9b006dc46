import { Fragment, memo, useDeferredValue } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { fencesOf, markdownBlocks } from './markdownBlocks.ts';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];
// Sanitize first: highlight's `hljs-*` classes come after and are ours, not the agent's.
const highlighted: Options['rehypePlugins'] = [
  rehypeSanitize,
  [rehypeHighlight, { detect: false }],
];
const plain: Options['rehypePlugins'] = [rehypeSanitize];

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
 * Markdown parsed again only when its text changes; its code highlighted once it is closed (not
 * `open`). `MarkdownText` renders a block with it.
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  open,
}: {
  text: string;
  open: boolean;
}) {
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={open ? plain : highlighted}
      components={components}
    >
      {text}
    </Markdown>
  );
});

export interface MarkdownTextProps {
  text: string;
  /** The text may still grow: its last block is open (its code not highlighted yet). */
  streaming?: boolean;
}

/**
 * An agent's Markdown (GitHub flavour), rendered safely: raw HTML stays text, and what the
 * Markdown makes is sanitized before code is highlighted. Rendered by blocks (`markdownBlocks`):
 * as the text grows, only its last block is parsed again.
 */
export const MarkdownText = memo(function MarkdownText({
  text,
  streaming = false,
}: MarkdownTextProps) {
  // While it streams, a render may skip to a later text: deltas come faster than frames.
  const deferred = useDeferredValue(text);
  const blocks = markdownBlocks(streaming ? deferred : text);
  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => (
        // A block's place is its identity: only the last one's text ever changes. Blocks are
        // separated by a line break, as react-markdown separates them.
        <Fragment key={index}>
          {index > 0 && '\n'}
          <MarkdownBlock
            text={block}
            // A growing block is highlighted only once its code is closed: a block without code
            // is the same either way, and highlighting costs a setup per render.
            open={streaming && index === blocks.length - 1 && fencesOf(block) !== 'closed'}
          />
        </Fragment>
      ))}
    </div>
  );
});
