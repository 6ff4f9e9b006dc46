/**
 * What the built-in agent can say about a text file without a language model:
 * its language, its sections, its definitions, its package manifest.
 */
import { basename, extname } from 'node:path';
import type { Say } from '../../locales/translate.ts';
import { code } from './markdown.ts';

const languages: Record<string, string> = {
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.json': 'json',
  '.md': 'md',
  '.py': 'python',
  '.rs': 'rust',
  '.go': 'go',
  '.sh': 'sh',
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.toml': 'toml',
  '.html': 'html',
  '.css': 'css',
  '.java': 'java',
  '.c': 'c',
  '.h': 'c',
  '.cpp': 'cpp',
  '.rb': 'ruby',
};

const definitionPatterns = [
  /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|interface|type|enum)\s+([\w$]+)/,
  /^(?:async\s+)?function\*?\s+([\w$]+)/,
  /^(?:class|interface)\s+([\w$]+)/,
  /^\s*(?:async\s+)?def\s+(\w+)/,
  /^(?:pub\s+)?(?:fn|struct|enum|trait)\s+(\w+)/,
  /^func\s+(?:\([^)]*\)\s*)?(\w+)/,
];

/** The fence language for `path`, or '' when unknown. */
export function languageOf(path: string): string {
  return languages[extname(path).toLowerCase()] ?? '';
}

function list(t: Say, names: string[], max = 8): string {
  const shown = names.slice(0, max).map(code).join(', ');
  return names.length > max ? t('builtin.file.more', { shown, more: names.length - max }) : shown;
}

function describePackage(t: Say, text: string): string[] {
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    const field = (key: string): Record<string, unknown> =>
      typeof manifest[key] === 'object' && manifest[key] !== null
        ? (manifest[key] as Record<string, unknown>)
        : {};
    const scripts = Object.keys(field('scripts'));
    const name = code(
      typeof manifest['name'] === 'string' ? manifest['name'] : t('builtin.file.unnamed'),
    );
    const version = manifest['version'];
    const notes = [
      typeof version === 'string'
        ? t('builtin.file.packageVersion', { name, version })
        : t('builtin.file.package', { name }),
      t('builtin.file.dependencies', {
        dependencies: Object.keys(field('dependencies')).length,
        dev: Object.keys(field('devDependencies')).length,
      }),
    ];
    if (scripts.length > 0) notes.push(t('builtin.file.scripts', { list: list(t, scripts) }));
    return notes;
  } catch {
    return [t('builtin.file.invalidJson')];
  }
}

/** A few sentences about the text file `path`, beyond its size, in the language of `t`. */
export function describeText(t: Say, path: string, text: string): string[] {
  if (basename(path) === 'package.json') return describePackage(t, text);
  const lines = text.split('\n');
  const notes: string[] = [];
  if (languageOf(path) === 'md') {
    const headings = lines.flatMap((line) => /^#{1,3}\s+(.+?)\s*#*$/.exec(line)?.[1] ?? []);
    if (headings.length > 0) notes.push(t('builtin.file.headings', { list: list(t, headings) }));
  } else {
    const names = lines.flatMap((line) => {
      const pattern = definitionPatterns.find((candidate) => candidate.test(line));
      return pattern?.exec(line)?.[1] ?? [];
    });
    if (names.length > 0) {
      notes.push(t('builtin.file.defines', { list: list(t, [...new Set(names)]) }));
    }
  }
  const todos = lines.filter((line) => /\b(TODO|FIXME|XXX)\b/.test(line)).length;
  if (todos > 0) notes.push(t('builtin.file.todos', { count: todos }));
  return notes;
}
