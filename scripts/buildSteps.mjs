// The steps of `npm run build` and what each reads, so that a step whose inputs have not changed
// since its last build is skipped (`npm start` builds only what changed). Plain JavaScript: the
// `switchboard` launcher checks the stamps before anything is built or loaded.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * What every step reads besides its folders: the dependencies (a `npm install` rewrites
 * `node_modules/.package-lock.json`), the compiler settings, and the build itself.
 */
const sharedInputs = [
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'tsconfig.node.json',
  'tsconfig.browser.json',
  'scripts/build.mjs',
  'scripts/buildSteps.mjs',
  'scripts/nodeBundle.mjs',
];

/**
 * The steps, each with the folders it reads whole: the layers DESIGN.md lets its code import (the
 * lint enforces them). What a build read outside them (esbuild's metafile, the app's modules) is
 * added to its stamp as well.
 *
 * @type {readonly import('./buildSteps.d.mts').BuildStep[]}
 */
export const buildSteps = [
  {
    name: 'host',
    inputs: [
      'host',
      'workers',
      'machines',
      'schema',
      'locales',
      'statecharts',
      'scripts/builtinAgent',
      'scripts/meshBridge',
    ],
  },
  { name: 'app', inputs: ['pwa', 'machines', 'schema', 'locales'] },
];

const stampFile = (root, name) => join(root, 'dist', '.stamps', `${name}.json`);

/** Every file under `path` (a file or a folder, relative to `root`), relative to `root`. */
function filesUnder(root, path) {
  let entries;
  try {
    entries = readdirSync(join(root, path), { withFileTypes: true });
  } catch {
    return [path]; // a file, or missing: its fingerprint says which
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const child = `${path}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(root, child) : [child];
  });
}

/**
 * Each file's content hash (`contents`), or its size and modification time, `null` when missing.
 * Inputs are hashed: a file's clock ticks every few milliseconds, so a save of the same size in
 * the same tick, or an older copy put back, would keep its time; hashing them costs ~15 ms.
 * Outputs are written by the build alone: their size and time tell that they are still there.
 */
function fingerprint(root, paths, { contents = false } = {}) {
  /** @type {Record<string, string | null>} */
  const prints = {};
  for (const path of [...new Set(paths)].sort()) {
    try {
      if (contents) {
        prints[path] = createHash('sha1')
          .update(readFileSync(join(root, path)))
          .digest('base64');
      } else {
        const stat = statSync(join(root, path));
        prints[path] = `${stat.size}:${stat.mtimeMs}`;
      }
    } catch {
      prints[path] = null;
    }
  }
  return prints;
}

/** Whether two fingerprints name the same files with the same prints, in whatever order. */
const sameFingerprints = (a, b) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([path, print]) => path in b && b[path] === print);

const inputsOf = (root, step, extra) => [
  ...sharedInputs,
  ...step.inputs.flatMap((path) => filesUnder(root, path)),
  ...extra,
];

/**
 * Whether `step`'s outputs are there, untouched, and built from the inputs as they are now.
 *
 * @param {string} root the repository's folder
 * @param {import('./buildSteps.d.mts').BuildStep} step
 */
export function isFresh(root, step) {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(root, step.name), 'utf8'));
    return (
      sameFingerprints(stamp.outputs, fingerprint(root, Object.keys(stamp.outputs))) &&
      sameFingerprints(
        stamp.inputs,
        fingerprint(root, inputsOf(root, step, stamp.extra), { contents: true }),
      )
    );
  } catch {
    return false; // never built, a build that did not finish, or a stamp of another shape
  }
}

/** The names of the steps `npm run build` would run now. */
export function staleSteps(root) {
  return buildSteps.filter((step) => !isFresh(root, step)).map((step) => step.name);
}

/**
 * Starts building `step`: its stamp goes (a build cut short leaves it stale) and its inputs are
 * fingerprinted now, so that a file saved during the build makes the next start build again.
 * `done` stamps it with the files the build read outside its folders and the files it wrote.
 *
 * @example
 * const build = startStep(root, step);
 * const { metafile } = await esbuild.build({ ...options, metafile: true });
 * build.done(Object.keys(metafile.inputs), Object.keys(metafile.outputs));
 */
export function startStep(root, step) {
  const file = stampFile(root, step.name);
  rmSync(file, { force: true });
  const before = fingerprint(root, inputsOf(root, step, []), { contents: true });
  return {
    /**
     * @param {readonly string[]} read
     * @param {readonly string[]} written
     */
    done(read, written) {
      const extra = [...new Set(read.map((path) => inRepository(root, path)))]
        .filter((path) => path !== undefined && !(path in before))
        .sort();
      const stamp = {
        inputs: { ...before, ...fingerprint(root, extra, { contents: true }) },
        extra,
        outputs: fingerprint(
          root,
          written.map((path) => inRepository(root, path) ?? path),
        ),
      };
      mkdirSync(join(root, 'dist', '.stamps'), { recursive: true });
      writeFileSync(`${file}.tmp`, `${JSON.stringify(stamp, null, 1)}\n`);
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** Every file under `folder` (relative to `root`), for a step whose outputs are a folder. */
export function filesIn(root, folder) {
  return filesUnder(root, folder);
}

/**
 * `path` (absolute, or relative to `root`) as a path of the repository outside `node_modules`
 * (the lock files stand for those), or `undefined`: a virtual module, a file elsewhere.
 */
function inRepository(root, path) {
  if (path.includes('\0')) return undefined;
  const inside = relative(root, isAbsolute(path) ? path : join(root, path));
  if (inside.startsWith('..') || inside.split(sep).includes('node_modules')) return undefined;
  return inside.split(sep).join('/');
}
