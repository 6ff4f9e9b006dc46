/**
 * What the fake agent streams in the `frames` rows (`pwaStream.ts`): a flood of numbered chunks,
 * and a long Markdown answer read from a file, cut anywhere.
 *
 * @example
 * await writeFile(path, markdownAnswer(1));
 * const script = markdownScript(path);
 */
export const floodChunks = 5_000;
export const markdownBytes = 128_000;
export const markdownDeltas = 2_000;

export const floodScript = [{ flood: floodChunks }];
export const floodMarker = `${floodChunks - 1} `;
// The last two chunks: an earlier answer may say "4999" too.
export const floodOnScreen = `${floodChunks - 2} ${floodChunks - 1}`;
export const floodText = Array.from({ length: floodChunks }, (_, i) => `${i} `).join('');

/**
 * About `markdownBytes` of an agent's answer: headings, prose, lists, tables, code; every block
 * names `answer`, so that no block of one is a block of another (the app keeps finished blocks).
 */
export function markdownAnswer(answer: number): string {
  const sections: string[] = [];
  for (let section = 0; sections.join('').length < markdownBytes; section++) {
    sections.push(
      [
        `## Step ${section} of answer ${answer}: module${section % 97}.ts`,
        `The change in **module${section % 97}** keeps \`value${section % 12}\` as it was and adds a check; see https://example.com/${answer}/${section} for why.`,
        `- first, read the file\n- then change line ${section % 40} of answer ${answer}\n- last, run \`npm test\``,
        `| file | lines |\n| --- | --- |\n| module${section % 97}.ts | ${answer}:${section % 300} |`,
        '```ts\n' +
          `export function step${section}(input: number): number {\n  const doubled = input * 2;\n\n  return doubled + ${section} + ${answer};\n}\n` +
          '```',
        '',
      ].join('\n\n'),
    );
  }
  return sections.join('');
}

export const markdownMarker = 'That is the whole answer.';

/**
 * The answer in `markdownDeltas` chunks, cut anywhere (mid-word, mid-fence), then the marker: the
 * agent reads it from `path` (the prompt stays a prompt's size).
 */
export const markdownScript = (path: string): unknown[] => [
  { streamFile: { path, chunks: markdownDeltas - 1 } },
  { text: markdownMarker },
];
