/**
 * The rule "Always allow" keeps for a folder, whatever its name, matches exactly that folder and
 * what is under it (CONTRACT.md §8): made by `alwaysRule`, matched by the worker's `answerByRule`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alwaysRule } from '../../../host/services/alwaysRule.ts';
import type { PermissionOption, PermissionRequestView } from '../../../schema/conversation.ts';
import { answerByRule } from '../../../workers/permissionRules.ts';
import { toolAt } from '../../helpers/tools.ts';

const cwd = '/work/project';
const options: PermissionOption[] = [
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
];

/** Every mark picomatch gives a meaning to, and letters its patterns could stand for. */
const character = fc.oneof(
  fc.constantFrom(...'*?[]{}()!+@\\|^$"\',.-_#~%&=<>:;` '.split('')),
  fc.constantFrom('\\', '.', '\\.'),
  fc.constantFrom('a', 'b', 'i', 'd', 'x', 'é'),
  fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
);
const name = fc
  .string({ unit: character, minLength: 1, maxLength: 6 })
  .filter((segment) => !segment.includes('/') && !segment.includes('\0'))
  .filter((segment) => segment !== '.' && segment !== '..');
const folder = fc.array(name, { minLength: 1, maxLength: 3 });
/**
 * A name without a line break: picomatch's `**` does not cross one (its `.` is JavaScript's), so
 * what is under a folder through such a name is asked again — never allowed more.
 */
const unbroken = name.filter((segment) => !/[\n\r\u2028\u2029]/.test(segment));

const request = (path: string): PermissionRequestView => ({
  id: 'p',
  agent: 'a',
  messageId: 'm',
  toolCall: toolAt('edit', path),
  options,
  rejections: 0,
});

/** Whether the rule kept for `folder` answers an edit of `path` (both relative to the `cwd`). */
function allows(folder: string[], path: string[]): boolean {
  const kept = alwaysRule(request(`${cwd}/${[...folder, 'file'].join('/')}`), options[0]!, [cwd]);
  if (kept.kind !== 'rule') throw new Error(`no rule kept: ${JSON.stringify(kept)}`);
  const rules = [{ ...kept.rule, index: 0 }];
  return (
    answerByRule(rules, toolAt('edit', `${cwd}/${path.join('/')}`), options, [cwd]) !== undefined
  );
}

const under = (path: string[], folder: string[]) =>
  path.length >= folder.length && folder.every((segment, index) => path[index] === segment);

describe('the rule kept for a folder of any name', () => {
  it('matches that folder and what is under it', () => {
    fc.assert(
      fc.property(folder, fc.array(unbroken, { maxLength: 2 }), (folder, rest) => {
        expect(allows(folder, [...folder, ...rest])).toBe(true);
      }),
    );
  });

  it('matches nothing else: no sibling, no parent, nothing its name would match as a glob', () => {
    const near = (folder: string[]) =>
      fc.oneof(
        fc.array(name, { minLength: 1, maxLength: 4 }),
        // The same path with one segment replaced: what a glob in that name would let through.
        fc
          .tuple(fc.nat(folder.length - 1), name, fc.array(name, { maxLength: 2 }))
          .map(([index, other, rest]) => [...folder.toSpliced(index, 1, other), ...rest]),
        fc.nat(folder.length - 1).map((length) => folder.slice(0, length)),
      );
    fc.assert(
      fc.property(
        folder.chain((folder) => fc.tuple(fc.constant(folder), near(folder))),
        ([folder, path]) => {
          fc.pre(path.length > 0);
          expect(allows(folder, path)).toBe(under(path, folder));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps hostile names to themselves', () => {
    const cases: [string[], string[]][] = [
      [
        ['app', '[id]'],
        ['app', 'i', 'page.tsx'],
      ],
      [['**'], ['src', 'a.ts']],
      [['{a,b}'], ['a', 'x']],
      [['!x'], ['y', 'z']],
      [['a*b'], ['axxb', 'c']],
      [['a?'], ['ab', 'c']],
      [['+(a)'], ['a', 'c']],
      [['"a"'], ['a', 'c']],
      [['a\\*'], ['a\\b', 'c']],
    ];
    for (const [folder, other] of cases) {
      expect(allows(folder, [...folder, 'inside']), folder.join('/')).toBe(true);
      expect(allows(folder, other), `${folder.join('/')} vs ${other.join('/')}`).toBe(false);
    }
  });
});
