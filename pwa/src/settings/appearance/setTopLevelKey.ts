import { isMap, isScalar, parseDocument } from 'yaml';

/**
 * `text` with its top-level `key` set to the plain scalar `value` (`theme: dark`), everything
 * else kept to the character: the yaml Document API finds the key, and only its value's source
 * is replaced. A missing key goes on a line of its own before the first key (after the file's
 * leading comments). `undefined` when `text` is not a YAML map that can take it (a syntax
 * error, a duplicate key, a list at the top).
 *
 * @example
 * setTopLevelKey('theme: system # or light, dark\n', 'theme', 'dark')
 * // 'theme: dark # or light, dark\n'
 */
export function setTopLevelKey(text: string, key: string, value: string): string | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  const contents = doc.contents;
  if (contents === null)
    return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${key}: ${value}\n`;
  if (!isMap(contents)) return undefined;

  const pair = contents.items.find((item) => isScalar(item.key) && item.key.value === key);
  const node = pair?.value;
  if (pair && isScalar(node) && node.range) {
    const [start, end] = node.range;
    const space = text[start - 1] === ':' ? ' ' : '';
    return `${text.slice(0, start)}${space}${value}${text.slice(end)}`;
  }
  const first = contents.items[0]?.key;
  if (!pair && !contents.flow && isScalar(first) && first.range) {
    const lineStart = text.lastIndexOf('\n', first.range[0] - 1) + 1;
    const indent = text.slice(lineStart, first.range[0]);
    if (/^[ ]*$/.test(indent)) {
      return `${text.slice(0, lineStart)}${indent}${key}: ${value}\n${text.slice(lineStart)}`;
    }
  }
  // A flow map, or a key whose value is a collection: let the Document write it.
  doc.set(key, value);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
