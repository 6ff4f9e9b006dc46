/**
 * The YAML reader's errors and warnings as findings. `yaml` words its messages in English and
 * groups them under broad codes (`MISSING_CHAR` is a closing quote as well as a missing comma): the
 * common messages get their own wording, every code has one, and none of yaml's text is shown.
 */
import type { ErrorCode, YAMLError } from 'yaml';
import type { FindingValue, YamlFindingCode } from './finding.ts';
import { maxNesting } from './limits.ts';

interface Worded {
  code: YamlFindingCode;
  values: Record<string, FindingValue>;
}

/** yaml's messages that say more than their code, matched on the text of yaml 2.9. */
const byMessage: [RegExp, (match: RegExpExecArray) => Worded][] = [
  [/^Missing closing (['"])quote/, (m) => ({ code: 'closingQuote', values: { quote: m[1]! } })],
  [
    /must end with a ([\]}])|sufficiently indented and end with a ([\]}])/,
    (m) => ({
      code: 'flowEnd',
      values: { bracket: (m[1] ?? m[2])! },
    }),
  ],
  [/^Missing ,( or :)? between/, () => ({ code: 'flowComma', values: {} })],
  [/^Implicit map keys need to be followed by map values/, () => word('keyWithoutValue')],
  [/^All mapping items must start at the same column/, () => word('mapIndent')],
  [/^All sequence items must start at the same column/, () => word('seqIndent')],
  [/^Sequence item without - indicator/, () => word('seqDash')],
  [/^Comments must be separated from other tokens/, () => word('commentSpace')],
  [/^Tags and anchors must be separated from the next token/, () => word('propsSpace')],
  [/^Invalid escape sequence (.*)$/, (m) => ({ code: 'escape', values: { escape: m[1]! } })],
  [
    /^Plain value cannot start with (.*)$/,
    (m) => ({ code: 'scalarStart', values: { char: m[1]! } }),
  ],
  [/^Unresolved tag: (.*)$/, (m) => ({ code: 'tag', values: { tag: m[1]! } })],
  [/^(\S+) used for \w+ collection/, (m) => ({ code: 'collectionTag', values: { tag: m[1]! } })],
];

/** The wording of each code, for the messages above that do not match. */
const byCode: Record<ErrorCode, YamlFindingCode> = {
  ALIAS_PROPS: 'aliasProps',
  BAD_ALIAS: 'alias',
  BAD_COLLECTION_TYPE: 'collectionTag',
  BAD_DIRECTIVE: 'directive',
  BAD_DQ_ESCAPE: 'escape',
  BAD_INDENT: 'indent',
  BAD_PROP_ORDER: 'propOrder',
  BAD_SCALAR_START: 'scalarStart',
  BLOCK_AS_IMPLICIT_KEY: 'compactMap',
  BLOCK_IN_FLOW: 'blockInFlow',
  DUPLICATE_KEY: 'impossible', // reported on its own, with the key's path
  IMPOSSIBLE: 'impossible',
  KEY_OVER_1024_CHARS: 'longKey',
  MISSING_CHAR: 'missing',
  MULTILINE_IMPLICIT_KEY: 'multilineKey',
  MULTIPLE_ANCHORS: 'multipleAnchors',
  MULTIPLE_DOCS: 'multipleDocs',
  MULTIPLE_TAGS: 'multipleTags',
  NON_STRING_KEY: 'nonStringKey',
  RESOURCE_EXHAUSTION: 'tooDeep',
  TAB_AS_INDENT: 'tab',
  TAG_RESOLVE_FAILED: 'tag',
  UNEXPECTED_TOKEN: 'unexpected',
};

/** Values a code's wording needs when its message did not match: shown as `?`. */
const placeholders: Partial<Record<YamlFindingCode, Record<string, FindingValue>>> = {
  escape: { escape: '\\?' },
  scalarStart: { char: '?' },
  tag: { tag: '?' },
  collectionTag: { tag: '?' },
  tooDeep: { limit: maxNesting },
};

function word(code: YamlFindingCode): Worded {
  return { code, values: placeholders[code] ?? {} };
}

/** The finding code and values of one of yaml's errors or warnings in `text`. */
export function wordYamlError(
  error: Pick<YAMLError, 'code' | 'message' | 'pos'>,
  text: string,
): Worded {
  if (error.code === 'BAD_SCALAR_START') {
    return { code: 'scalarStart', values: { char: text[error.pos[0]] ?? '?' } };
  }
  for (const [pattern, make] of byMessage) {
    const match = pattern.exec(error.message);
    if (match) return make(match);
  }
  return word(byCode[error.code] ?? 'impossible');
}
