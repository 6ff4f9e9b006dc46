/**
 * A sanitized HTML tree (hast, `markdownTree`) as HTML text, for the page to parse in one go
 * (`BlockParts`): every text and attribute value escaped, only element and attribute names that
 * are plain words written, comments and raw nodes dropped or escaped — nothing the tree holds can
 * become markup it does not.
 *
 * @example
 * hastHtml({ type: 'root', children: [{ type: 'text', value: 'a < b' }] }); // 'a &lt; b'
 */
import type { Element, Properties, Root, RootContent } from 'hast';

/** Elements with no end tag. */
const voids = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'wbr']);
const name = /^[a-z][a-z0-9-]*$/;

export function hastHtml(tree: Root): string {
  let html = '';
  const write = (node: RootContent) => {
    switch (node.type) {
      case 'element':
        html += element(node);
        break;
      case 'text':
      case 'raw':
        html += escape(node.value);
        break;
      default:
        // Comments and doctypes: nothing of them is shown.
        break;
    }
  };
  const element = (node: Element): string => {
    const tag = node.tagName.toLowerCase();
    if (!name.test(tag)) return '';
    const open = `<${tag}${attributes(node.properties)}>`;
    if (voids.has(tag)) return open;
    const before = html;
    html = '';
    for (const child of node.children) write(child);
    const inner = html;
    html = before;
    // The parser drops a newline just after <pre>: one more keeps the text's own.
    return `${open}${tag === 'pre' && inner.startsWith('\n') ? '\n' : ''}${inner}</${tag}>`;
  };
  for (const child of tree.children) write(child);
  return html;
}

/** `text` as HTML text: as it is, never markup. */
export function escape(text: string): string {
  return text.replace(/[&<>"]/g, (character) => entities[character]!);
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function attributes(properties: Properties): string {
  let written = '';
  for (const [property, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    const attribute = attributeOf(property);
    if (!name.test(attribute)) continue;
    if (value === true) {
      written += ` ${attribute}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    written += ` ${attribute}="${escape(text)}"`;
  }
  return written;
}

/** hast's property names (`className`, `dataFootnoteRef`, `ariaHidden`) as HTML's attributes. */
function attributeOf(property: string): string {
  if (property === 'className') return 'class';
  if (property === 'htmlFor') return 'for';
  if (/^aria[A-Z]/.test(property)) return `aria-${property.slice(4).toLowerCase()}`;
  if (/^data[A-Z]/.test(property)) {
    return `data${property.slice(4).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  }
  return property.toLowerCase();
}
