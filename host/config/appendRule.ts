import { isMap, isScalar, isSeq, type Document } from 'yaml';
import type { PermissionRule } from '../../schema/config.gen.ts';

/**
 * Adds `rule` at the end of the document's `permissions`, its comments and layout kept. The list
 * is made when the file has none: no `permissions` key (the default file), an empty value
 * (`permissions:`, `null`, `~`), or no content at all (an empty file, or one of comments). An
 * empty flow list (`[]`) becomes a block one, so that rules read one key a line. Any other value
 * is left as it is: the file's check then refuses the save with its own words.
 */
export function appendRule(document: Document, rule: PermissionRule): void {
  const item = document.createNode(rule);
  const empty = (node: unknown) => node == null || (isScalar(node) && node.value === null);
  if (empty(document.contents)) document.contents = document.createNode({});
  const root = document.contents;
  if (!isMap(root)) return;
  const list: unknown = root.get('permissions', true);
  if (isSeq(list)) {
    if (list.items.length === 0) list.flow = false;
    list.add(item);
  } else if (empty(list)) {
    const made = document.createNode([item]);
    // `permissions: # none yet`: the comment was the empty value's.
    if (isScalar(list)) made.comment = list.comment;
    root.set('permissions', made);
  }
}
