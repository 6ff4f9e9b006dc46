import { useLayoutEffect, useRef, useState } from 'react';
import { markdownParser } from './MarkdownParser.ts';
import { PartsDom } from './partsDom.ts';
import { madeElements } from './taskBudget.ts';

export interface BlockPartsProps {
  /** Sanitized HTML (`markdownHtml`, or text escaped), a part per block. */
  parts: readonly string[];
  className: string;
}

/**
 * Markdown blocks' HTML in one element, made into elements by the browser's parser, one block at
 * a time as it changes (`PartsDom`), not by React node by node: a 128 KB answer is some 40 000
 * nodes, which as React elements and fibers took most of a frame's time and its garbage. How long
 * it takes is learnt (`markdownParser.learnShown`), for the render's budget.
 */
export function BlockParts({ parts, className }: BlockPartsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [dom] = useState(() => new PartsDom());
  useLayoutEffect(() => {
    const { length, ms } = dom.apply(ref.current!, parts);
    if (length === 0) return;
    markdownParser.learnShown(length, ms);
    madeElements(ms);
  }, [dom, parts]);
  return <div ref={ref} className={className} />;
}
