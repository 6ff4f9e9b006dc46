/**
 * Writes `schema/config.gen.ts`, the TypeScript types of the configuration file, from
 * `schema/config.schema.json` (`npx tsx scripts/generateConfigTypes.ts`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const schemaPath = fileURLToPath(new URL('../schema/config.schema.json', import.meta.url));

/** Where the generated types go. */
export const configTypesPath = fileURLToPath(new URL('../schema/config.gen.ts', import.meta.url));

/** The text of `schema/config.gen.ts` for the schema on disk. */
export async function renderConfigTypes(): Promise<string> {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as JSONSchema;
  return compile(schema, 'SwitchboardConfiguration', {
    bannerComment: [
      '/* Generated from schema/config.schema.json by scripts/generateConfigTypes.ts: do not edit. */',
      '/* The configuration file as written (CONTRACT.md §2), before defaults are applied. */',
    ].join('\n'),
    additionalProperties: false,
    strictIndexSignatures: true,
    style: { printWidth: 100, singleQuote: true },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(configTypesPath, await renderConfigTypes());
  console.log(`wrote ${configTypesPath}`);
}
