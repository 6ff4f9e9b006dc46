import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../../host/agentDefinition.ts';
import { parseDuration, resolveConfig } from '../../host/config/resolveConfig.ts';
import { translate } from '../../host/i18n.ts';
import { catalogs, type MessageKey } from '../../locales/messages.ts';
import schema from '../../schema/config.schema.json' with { type: 'json' };
import { configTypesPath, renderConfigTypes } from '../../scripts/generateConfigTypes.ts';
import { repoRoot } from '../helpers/typescriptProcess.ts';

interface SchemaNode {
  $ref?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  [keyword: string]: unknown;
}

const root = schema as SchemaNode;
const resolveRef = (node: SchemaNode): SchemaNode =>
  node.$ref
    ? { ...(root.$defs as Record<string, SchemaNode>)[node.$ref.split('/').pop()!], ...node }
    : node;

/** Every property of the schema, wherever it is declared, with its schema. */
function properties(): [string, SchemaNode][] {
  const found: [string, SchemaNode][] = [];
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schemaNode = node as SchemaNode;
    for (const [name, property] of Object.entries(schemaNode.properties ?? {})) {
      found.push([name, property]);
    }
    Object.values(schemaNode).forEach(visit);
  };
  visit(root);
  return found;
}

describe('schema/config.schema.json', () => {
  it('is the 2020-12 draft, with an $id', () => {
    expect(root.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(root.$id).toBe('urn:switchboard:config');
  });

  it('describes every property, for the hover of editors', () => {
    const undescribed = properties()
      .filter(([, property]) => !resolveRef(property).description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
  });

  it('forbids unknown keys in every map of fixed keys, so that editors flag them', () => {
    const open: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (node === null || typeof node !== 'object') return;
      const schemaNode = node as SchemaNode;
      if (schemaNode.properties && schemaNode.additionalProperties !== false) open.push(where);
      for (const [key, child] of Object.entries(schemaNode)) visit(child, `${where}/${key}`);
    };
    visit(root, '#');
    expect(open).toEqual([]);
  });

  it('has the defaults the host applies', () => {
    const limits = (root.$defs as Record<string, SchemaNode>).limits!.properties!;
    expect(limits.maxRunningAgents!.default).toBe(defaultLimits.maxRunningAgents);
    expect(parseDuration(limits.stopIdleAgentsAfter!.default as string)).toBe(
      defaultLimits.stopIdleAgentsAfterMs,
    );
    const resolved = resolveConfig({}, '/tmp/config.yaml');
    expect(resolved.language).toBe(root.properties!.language!.default);
    expect(resolved.theme).toBe(root.properties!.theme!.default);
  });

  it('names agents as CONTRACT.md §2 does', () => {
    const agents = root.properties!.agents!;
    expect((agents.propertyNames as SchemaNode).pattern).toBe('^[a-z0-9][a-z0-9_-]{0,63}$');
  });

  it('generates schema/config.gen.ts (run npx tsx scripts/generateConfigTypes.ts)', async () => {
    expect(await readFile(configTypesPath, 'utf8')).toBe(await renderConfigTypes());
  });

  it('is documented: docs/configuration.md names every property', async () => {
    const doc = await readFile(`${repoRoot}docs/configuration.md`, 'utf8');
    const missing = [...new Set(properties().map(([name]) => name))].filter(
      (name) => !doc.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });
});

describe('the config.* messages', () => {
  const keys = (Object.keys(catalogs.en) as MessageKey[]).filter((key) =>
    key.startsWith('config.'),
  );
  const placeholders = (message: string) =>
    [...message.matchAll(/\{(\w+)(?:\}|, *(\w+))/g)]
      .map(([, name, kind]) => `${name}:${kind ?? ''}`)
      .sort();

  it('exist in French, with the same placeholders, and say it in French', () => {
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) {
      expect(placeholders(catalogs.fr[key]), key).toEqual(placeholders(catalogs.en[key]));
      expect(catalogs.fr[key], key).not.toBe(catalogs.en[key]);
    }
  });

  it('all format', () => {
    for (const key of keys) {
      const values = Object.fromEntries(
        placeholders(catalogs.en[key]).map((placeholder) => {
          const [name, kind] = placeholder.split(':');
          return [name!, kind ? 2 : `<${name}>`];
        }),
      );
      for (const language of ['en', 'fr'] as const) {
        expect(translate(language, key, values), key).not.toMatch(/[{}]/);
      }
    }
  });
});
