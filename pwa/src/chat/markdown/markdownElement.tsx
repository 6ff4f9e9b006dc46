import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

// A link leaves the app: in a new tab, without handing it our window.
const Link: Components['a'] = (props) => <a {...props} target="_blank" rel="noopener noreferrer" />;

const components: Partial<Components> = {
  a: Link,
  // An image an agent names is a link, not a load: fetched at once, its URL could carry what a
  // prompt injection made the agent write (the CSP lets any image in, for the agents' icons).
  img: ({ src, alt }) => (typeof src === 'string' ? <Link href={src}>{alt || src}</Link> : null),
};

/** A Markdown tree (`markdownTree`) as React elements, its links and images ours. */
export function markdownElement(tree: Root): ReactElement {
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    ignoreInvalidStyle: true,
    passKeys: true,
  }) as ReactElement;
}
