import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useState,
  useSyncExternalStore,
} from 'react';
import { nextFrame } from '../../connection/nextFrame.ts';
import { BlockParts } from './BlockParts.tsx';
import { escape } from './hastHtml.ts';
import { BlockSplitter, fencesOf } from './markdownBlocks.ts';
import { markdownParser, type Growing } from './MarkdownParser.ts';
import { mayParse, mayShow } from './taskBudget.ts';

export interface MarkdownTextProps {
  text: string;
  /** The text may still grow: its last block is open (its code not highlighted yet). */
  streaming?: boolean;
  /**
   * How long a render may spend on Markdown, in ms — its parses, and the elements its commit makes
   * — shared by every text rendered in the same task; the rest is parsed off the render or shown at
   * the next frame, and shows as plain text meanwhile.
   */
  parseBudgetMs?: number;
}

/** 8 ms of a 16.7 ms frame: the rest is React's, the layout's and the paint's. */
const defaultBudgetMs = 8;
/** Blocks of a section of a long text (`content-visibility`: out of view, not laid out). */
const sectionBlocks = 8;

/**
 * An agent's Markdown (GitHub flavour), rendered safely (`markdownHtml`) and by blocks
 * (`markdownBlocks`): finished blocks are kept, and only the last, growing one changes. A render
 * parses what fits in its budget (`mayParse`); the rest is parsed in a worker
 * (`MarkdownParser`) and shows as plain text until it is back — a growing block as its last
 * parsed version followed by the text that came since — and takes its form as the budget of a
 * task allows (`mayShow`): blocks back from the worker all at once take theirs over several
 * frames. A long text renders in sections: one whose blocks did not change is not rendered
 * again, and the browser skips those out of view.
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
      <Section
        blocks={blocks}
        first={0}
        slot={slot}
        growing={growing}
        last
        budgetMs={parseBudgetMs}
        className="chat-markdown"
      />
    );
  }
  const sections = [];
  for (let first = 0; first < blocks.length; first += sectionBlocks) {
    const last = first + sectionBlocks >= blocks.length;
    sections.push(
      <Section
        key={first}
        blocks={blocks.slice(first, first + sectionBlocks)}
        first={first}
        slot={slot}
        growing={last && growing}
        last={last}
        budgetMs={parseBudgetMs}
        className="chat-markdown-section"
      />,
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
  className: string;
}

/** Some blocks of a text; rendered again only when they changed or their parse came back. */
const Section = memo(function Section({
  blocks,
  first,
  slot,
  growing,
  last,
  budgetMs,
  className,
}: SectionProps) {
  // The section that holds the growing block hears of every parse; the others, of their blocks'.
  useSyncExternalStore(last ? markdownParser.subscribe : ignore, markdownParser.version);
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  // The finished blocks' HTML it shows: shown again at no cost, never back to plain text.
  const [shown] = useState(() => new Set<string>());
  const awaited: string[] = [];
  const formed: string[] = [];
  let later = false;
  const htmlOf = (block: string, lastBlock: boolean): string => {
    // A growing block is highlighted only once its code is closed: a block without code is the
    // same either way, and a closed one may wait a while for more text.
    if (growing && lastBlock) {
      const parsed = markdownParser.growing(slot);
      if (parsed?.text === block) return parsed.html;
      if (mayParse(budgetMs, markdownParser.cost(block))) {
        return markdownParser.parseNow(block, slot);
      }
      markdownParser.requestGrowing(slot, block);
      return since(parsed, block);
    }
    const finished = markdownParser.finished(block);
    if (finished !== undefined) {
      if (shown.has(finished) || mayShow(budgetMs, markdownParser.showCost(finished))) {
        formed.push(finished);
        return finished;
      }
      later = true;
    } else if (mayParse(budgetMs, markdownParser.cost(block))) {
      const html = markdownParser.parseNow(block);
      formed.push(html);
      return html;
    } else {
      markdownParser.request(block);
      awaited.push(block);
    }
    // The block that was growing until now: as it was, until its finished form is shown.
    return since(lastBlock ? markdownParser.growing(slot) : undefined, block);
  };
  // Blocks are separated by a line break, as a renderer of the whole text would.
  const parts = blocks.map(
    (block, index) =>
      (first + index > 0 ? '\n' : '') + htmlOf(block, last && index === blocks.length - 1),
  );
  useLayoutEffect(() => {
    shown.clear();
    for (const html of formed) shown.add(html);
  });
  useEffect(() => {
    // Blocks back from the worker and not shown for want of time: at the next frame.
    if (later) nextFrame(renderAgain);
    return awaited.length > 0 ? markdownParser.whenParsed(awaited, renderAgain) : undefined;
  });
  return <BlockParts parts={parts} className={className} />;
}, sameBlocks);

function sameBlocks(before: SectionProps, after: SectionProps): boolean {
  return (
    before.first === after.first &&
    before.slot === after.slot &&
    before.growing === after.growing &&
    before.last === after.last &&
    before.budgetMs === after.budgetMs &&
    before.className === after.className &&
    before.blocks.length === after.blocks.length &&
    before.blocks.every((block, index) => block === after.blocks[index])
  );
}

const ignore = () => () => {};

const waiting = (text: string) => `<p class="chat-markdown-waiting">${escape(text)}</p>`;

/** `block` while its parse is away: its earlier parsed version, if any, then the rest as text. */
function since(growing: Growing | undefined, block: string): string {
  if (!growing || !block.startsWith(growing.text)) return waiting(block);
  if (growing.text === block) return growing.html;
  return growing.html + waiting(block.slice(growing.text.length));
}
