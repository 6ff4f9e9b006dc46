/**
 * Splits Markdown into blocks that render the same apart as together, so a growing answer
 * re-parses only its last block. A block ends at a blank line outside a code fence or an HTML
 * block that may hold blank lines, when the next line starts at its margin and does not continue
 * a list (a list item after a blank line makes the list loose: it stays in one block). A text
 * with a link reference or footnote definition is one block: a definition reaches every block.
 *
 * @example
 * markdownBlocks('# Title\n\nSome text.\n\n- a\n\n- b'); // ['# Title', 'Some text.', '- a\n\n- b']
 */
export function markdownBlocks(text: string): string[] {
  return split(text, 0).blocks;
}

/** Blocks, and where each starts in the text. */
interface Split {
  blocks: string[];
  starts: number[];
}

/**
 * `markdownBlocks` for a text that grows: what it split last is kept, and a longer text is split
 * again from its second-to-last block only (the last one's first line may have been cut, and
 * whether a block starts there depends on it). The blocks it keeps are the same strings.
 */
export class BlockSplitter {
  #text = '';
  #split: Split = { blocks: [''], starts: [0] };

  split(text: string): string[] {
    const { blocks, starts } = this.#split;
    if (text !== this.#text) {
      const from = blocks.length - 2;
      if (from >= 0 && text.startsWith(this.#text)) {
        const rest = split(text.slice(starts[from]), starts[from]!);
        this.#split = definition.test(rest.blocks.join('\n'))
          ? split(text, 0)
          : {
              blocks: [...blocks.slice(0, from), ...rest.blocks],
              starts: [...starts.slice(0, from), ...rest.starts],
            };
      } else {
        this.#split = split(text, 0);
      }
      this.#text = text;
    }
    return this.#split.blocks;
  }
}

/** The blocks of `text`, which starts at `offset` of the whole. */
function split(text: string, offset: number): Split {
  if (definition.test(text)) return { blocks: [text], starts: [offset] };
  const lines = text.split('\n');
  const blocks: string[] = [];
  const starts: number[] = [offset];
  let start = 0;
  let at = offset;
  let blank = false;
  let fence: RegExp | undefined;
  let html: RegExp | undefined;
  for (let index = 0; index < lines.length; at += lines[index]!.length + 1, index++) {
    const line = lines[index]!;
    if (fence) {
      if (fence.test(line)) fence = undefined;
      continue;
    }
    if (html) {
      if (html.test(line)) html = undefined;
      blank = false;
      continue;
    }
    if (/^\s*$/.test(line)) {
      blank = true;
      continue;
    }
    if (blank && index > start && /^\S/.test(line) && !listItem.test(line)) {
      blocks.push(lines.slice(start, index).join('\n').replace(/\n+$/, ''));
      starts.push(at);
      start = index;
    }
    blank = false;
    const opened = fenceOpen.exec(line);
    if (opened) {
      fence = closingOf(opened[1]!);
      continue;
    }
    html = htmlBlock(line);
  }
  blocks.push(lines.slice(start).join('\n'));
  return { blocks, starts };
}

// `[label]: destination` or a footnote's `[^label]:`, wherever it stands (a container too).
const definition = /\[[^\]\n]+\]:/;
const listItem = /^([-*+]|\d{1,9}[.)])(\s|$)/;
const fenceOpen = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;

/** The end of an HTML block of CommonMark's kinds 1 to 5 that `line` opens, if it opens one. */
function htmlBlock(line: string): RegExp | undefined {
  const opening = /^ {0,3}<(script|pre|style|textarea)(\s|>|$)/i.exec(line);
  const end = opening
    ? new RegExp(`</${opening[1]!}>`, 'i')
    : /^ {0,3}<!--/.test(line)
      ? /-->/
      : /^ {0,3}<\?/.test(line)
        ? /\?>/
        : /^ {0,3}<!\[CDATA\[/.test(line)
          ? /\]\]>/
          : /^ {0,3}<![A-Za-z]/.test(line)
            ? />/
            : undefined;
  // One that ends on its own line holds no blank line.
  const rest = line.replace(/^ {0,3}<[!?]?(\[CDATA\[)?/, '');
  return end && !end.test(rest) ? end : undefined;
}

/** Whether `block` has fenced code, and whether its last fence is still open (no closing line). */
export function fencesOf(block: string): 'none' | 'closed' | 'open' {
  let fence: RegExp | undefined;
  let found = false;
  for (const line of block.split('\n')) {
    if (fence) {
      if (fence.test(line)) fence = undefined;
      continue;
    }
    const opened = fenceOpen.exec(line);
    if (opened) {
      found = true;
      fence = closingOf(opened[1]!);
    }
  }
  return fence ? 'open' : found ? 'closed' : 'none';
}

const closingOf = (marker: string) =>
  new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
