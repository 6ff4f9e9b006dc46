import {
  Fragment,
  memo,
  useEffect,
  useId,
  useReducer,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { frameFlushes, nextFrame } from '../../connection/nextFrame.ts';
import { BlockSplitter, fencesOf } from './markdownBlocks.ts';
import { markdownParser, type Growing } from './MarkdownParser.ts';

export interface MarkdownTextProps {
  text: string;
  /** The text may still grow: its last block is open (its code not highlighted yet). */
  streaming?: boolean;
  /**
   * How long a render may parse Markdown itself, in ms (shared by every text rendered in the same
   * task); the rest is parsed off the render and shows as plain text meanwhile.
   */
  parseBudgetMs?: number;
}

/** 8 ms of a 16.7 ms frame: the rest is React's, the layout's and the paint's. */
const defaultBudgetMs = 8;
/** Blocks of a section of a long text (`content-visibility`: out of view, not laid out). */
const sectionBlocks = 8;

/**
 * An agent's Markdown (GitHub flavour), rendered safely (`markdownTree`) and by blocks
 * (`markdownBlocks`): finished blocks are kept, and only the last, growing one changes. A render
 * parses what fits in its budget (`mayParse`); the rest is parsed in a worker
 * (`MarkdownParser`) and shows as plain text until it is back — a growing block as its last
 * parsed version followed by the text that came since. A long text renders in sections: one whose
 * blocks did not change is not rendered again, and the browser skips those out of view.
 */
export const MarkdownText = memo(function MarkdownText({
  text,
  streaming = false,
  parseBudgetMs = defaultBudgetMs,
}: MarkdownTextProps) {
  const slot = useId();
  const [splitter] = useState(() => new BlockSplitter());
  const blocks = splitter.split(text);
  const growing = streaming && fencesOf(blocks.at(-1)!) !== 'closed';
  if (blocks.length <= sectionBlocks) {
    return (
      <div className="chat-markdown">
        <Section
          blocks={blocks}
          first={0}
          slot={slot}
          growing={growing}
          last
          budgetMs={parseBudgetMs}
        />
      </div>
    );
  }
  const sections = [];
  for (let first = 0; first < blocks.length; first += sectionBlocks) {
    const last = first + sectionBlocks >= blocks.length;
    sections.push(
      <div key={first} className="chat-markdown-section">
        <Section
          blocks={blocks.slice(first, first + sectionBlocks)}
          first={first}
          slot={slot}
          growing={last && growing}
          last={last}
          budgetMs={parseBudgetMs}
        />
      </div>,
    );
  }
  return <div className="chat-markdown">{sections}</div>;
});

interface SectionProps {
  blocks: readonly string[];
  /** The index of its first block in the text (blocks are separated by a line break but the first). */
  first: number;
  slot: string;
  /** Its last block is the text's, and it grows. */
  growing: boolean;
  /** It holds the text's last block. */
  last: boolean;
  budgetMs: number;
}

/** Some blocks of a text; rendered again only when they changed or their parse came back. */
const Section = memo(function Section({
  blocks,
  first,
  slot,
  growing,
  last,
  budgetMs,
}: SectionProps) {
  // The section that holds the growing block hears of every parse; the others, of their blocks'.
  useSyncExternalStore(last ? markdownParser.subscribe : ignore, markdownParser.version);
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  const parseNow = (block: string) => mayParse(budgetMs, markdownParser.cost(block));
  const awaited: string[] = [];
  let treesLeft = false;
  const rendered = blocks.map((block, index): ReactNode => {
    const lastBlock = last && index === blocks.length - 1;
    // A growing block is highlighted only once its code is closed: a block without code is the
    // same either way, and a closed one may wait a while for more text.
    if (growing && lastBlock) {
      const parsed = markdownParser.growing(slot);
      if (parsed?.text === block) return parsed.element;
      if (parseNow(block)) return markdownParser.parseNow(block, slot);
      markdownParser.requestGrowing(slot, block);
      return since(parsed, block);
    }
    const finished = markdownParser.finished(block);
    if (finished) return finished;
    // A tree back from the worker is made into elements once a task at least: it moves on.
    const tree = markdownParser.hasTree(block);
    if (parseNow(block) || (tree && firstInTask())) return markdownParser.parseNow(block);
    if (tree) treesLeft = true;
    else {
      markdownParser.request(block);
      awaited.push(block);
    }
    // The block that was growing until now: as it was, until its finished form is back.
    return since(lastBlock ? markdownParser.growing(slot) : undefined, block);
  });
  useEffect(() => {
    // Trees to make into elements: some at the next frame, in its budget.
    if (treesLeft) nextFrame(renderAgain);
    return awaited.length > 0 ? markdownParser.whenParsed(awaited, renderAgain) : undefined;
  });
  return rendered.map((element, index) => (
    // A block's place is its identity: only the last one's text ever changes. Blocks are
    // separated by a line break, as a renderer of the whole text would.
    <Fragment key={index}>
      {first + index > 0 && '\n'}
      {element}
    </Fragment>
  ));
}, sameBlocks);

function sameBlocks(before: SectionProps, after: SectionProps): boolean {
  return (
    before.first === after.first &&
    before.slot === after.slot &&
    before.growing === after.growing &&
    before.last === after.last &&
    before.budgetMs === after.budgetMs &&
    before.blocks.length === after.blocks.length &&
    before.blocks.every((block, index) => block === after.blocks[index])
  );
}

const ignore = () => () => {};

/** `block` while its parse is away: its earlier parsed version, if any, then the rest as text. */
function since(growing: Growing | undefined, block: string): ReactNode {
  if (!growing || !block.startsWith(growing.text)) {
    return <p className="chat-markdown-waiting">{block}</p>;
  }
  if (growing.text === block) return growing.element;
  return (
    <>
      {growing.element}
      <p className="chat-markdown-waiting">{block.slice(growing.text.length)}</p>
    </>
  );
}

/** When this task first asked to parse, and whether it made a tree into elements. */
let asked: number | undefined;
let askedInFlush = -1;
let made = false;

/**
 * When this task began to parse. It ends at the next task (a timeout), or at the next frame's
 * renders if they come first, as they may on a busy page.
 */
function startTask(now: number): number {
  if (asked === undefined || askedInFlush !== frameFlushes()) {
    asked = now;
    askedInFlush = frameFlushes();
    made = false;
    setTimeout(() => {
      asked = undefined;
    });
  }
  return asked;
}

/**
 * Whether a block that takes about `costMs` to parse may be parsed now: if that ends within
 * `budgetMs` of the first ask in this task. A task's renders share it: React may render again in
 * a microtask of the same task (a layout effect's update), so it ends at the next task.
 */
function mayParse(budgetMs: number, costMs: number): boolean {
  const now = performance.now();
  return now + costMs <= startTask(now) + budgetMs;
}

/** Whether this is the first tree made into elements in this task. */
function firstInTask(): boolean {
  startTask(performance.now());
  if (made) return false;
  made = true;
  return true;
}
