import { Fragment, memo, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
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
/** A block longer than this is never parsed in a render (dense text: ~2 ms at full speed). */
const longBlock = 2_048;
/** Blocks of a section of a long text (`content-visibility`: out of view, not laid out). */
const sectionBlocks = 32;

/**
 * An agent's Markdown (GitHub flavour), rendered safely (`markdownTree`) and by blocks
 * (`markdownBlocks`): finished blocks are kept, and only the last, growing one changes. A render
 * parses what fits in its budget (`mayParse`); long blocks and the rest are parsed in a worker
 * (`MarkdownParser`) and show as plain text until they are back — a growing block as its last
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
  // Only a section that waits for a parse (or holds the growing block) hears of parses.
  const [waiting, setWaiting] = useState(false);
  useSyncExternalStore(waiting || last ? markdownParser.subscribe : ignore, markdownParser.version);
  const parseNow = (block: string) => block.length <= longBlock && mayParse(budgetMs);
  let missing = false;
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
    if (parseNow(block)) return markdownParser.parseNow(block);
    markdownParser.request(block);
    missing = true;
    // The block that was growing until now: as it was, until its finished form is back.
    return since(lastBlock ? markdownParser.growing(slot) : undefined, block);
  });
  if (missing !== waiting) setWaiting(missing);
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

/** When this task first asked to parse, and whether it parsed. */
let asked: number | undefined;
let parsed = false;

/**
 * Whether a block may be parsed now: within `budgetMs` of the first ask in this task, and always
 * once per task (so that every task moves on). A task's renders share it: React may render again
 * in a microtask of the same task (a layout effect's update), so it ends at the next task.
 */
function mayParse(budgetMs: number): boolean {
  const now = performance.now();
  if (asked === undefined) {
    asked = now;
    parsed = false;
    setTimeout(() => {
      asked = undefined;
    });
  }
  if (parsed && now >= asked + budgetMs) return false;
  parsed = true;
  return true;
}
