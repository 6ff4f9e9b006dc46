type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * `schema` with each local `$ref` (`#/$defs/agent`) replaced by what it points to (the referring
 * node's own keys winning, as 2020-12 allows them beside `$ref`), and `$defs` dropped.
 * codemirror-json-schema reads schemas as draft 4 and loses its way in a `$ref` under
 * `additionalProperties`; a schema without references completes everywhere. `depth` guards
 * against a recursive schema (the configuration's is not).
 */
export function inlineRefs(schema: object): object {
  const root = schema as Json;
  const resolve = (pointer: string): Json | undefined =>
    pointer
      .replace(/^#\/?/, '')
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json | undefined>((node, part) => (isObject(node) ? node[part] : undefined), root);

  const inline = (node: Json, depth: number): Json => {
    if (Array.isArray(node)) return node.map((item) => inline(item, depth + 1));
    if (!isObject(node) || depth > 32) return node;
    let current = node;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops += 1) {
      const { $ref, ...rest } = current;
      const target = $ref.startsWith('#') ? resolve($ref) : undefined;
      if (!isObject(target)) break;
      current = { ...target, ...rest };
    }
    return Object.fromEntries(
      Object.entries(current)
        .filter(([key]) => key !== '$defs')
        .map(([key, value]) => [key, inline(value, depth + 1)]),
    );
  };
  return inline(root, 0) as object;
}

function isObject(node: Json | undefined): node is { [key: string]: Json } {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}
