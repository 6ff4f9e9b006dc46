/**
 * What the built-in agent can say about a text file without a language model:
 * its language, its sections, its definitions, its package manifest.
 */
import { basename, extname } from 'node:path';
import { code, count } from './markdown.ts';

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

function list(names: string[], max = 8): string {
  const shown = names.slice(0, max).map(code).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

function describePackage(text: string): string[] {
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    const field = (key: string): Record<string, unknown> =>
      typeof manifest[key] === 'object' && manifest[key] !== null
        ? (manifest[key] as Record<string, unknown>)
        : {};
    const scripts = Object.keys(field('scripts'));
    const name = typeof manifest['name'] === 'string' ? manifest['name'] : 'unnamed';
    const notes = [
      `It is the manifest of the npm package ${code(name)}` +
        (typeof manifest['version'] === 'string' ? ` (version ${manifest['version']}).` : '.'),
      `It declares ${count(Object.keys(field('dependencies')).length, 'dependency', 'dependencies')} and ${count(Object.keys(field('devDependencies')).length, 'dev dependency', 'dev dependencies')}.`,
    ];
    if (scripts.length > 0) notes.push(`Its scripts: ${list(scripts)}.`);
    return notes;
  } catch {
    return ['It is not valid JSON, so npm would refuse it.'];
  }
}

/** A few sentences about the text file `path`, beyond its size. */
export function describeText(path: string, text: string): string[] {
  if (basename(path) === 'package.json') return describePackage(text);
  const lines = text.split('\n');
  const notes: string[] = [];
  if (languageOf(path) === 'md') {
    const headings = lines.flatMap((line) => /^#{1,3}\s+(.+?)\s*#*$/.exec(line)?.[1] ?? []);
    if (headings.length > 0) notes.push(`Its headings: ${list(headings)}.`);
  } else {
    const names = lines.flatMap((line) => {
      const pattern = definitionPatterns.find((candidate) => candidate.test(line));
      return pattern?.exec(line)?.[1] ?? [];
    });
    if (names.length > 0) notes.push(`It defines ${list([...new Set(names)])}.`);
  }
  const todos = lines.filter((line) => /\b(TODO|FIXME|XXX)\b/.test(line)).length;
  if (todos > 0) notes.push(`It has ${count(todos, 'TODO/FIXME note')}.`);
  return notes;
}
