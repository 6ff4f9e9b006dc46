/** Writes the reference page of every statechart, in English and French (`npm run docs`). */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { languages } from '../locales/messages.ts';
import { charts, pagePath, renderChart } from './statechartDocs.ts';

for (const [id, chart] of Object.entries(charts)) {
  for (const language of languages) {
    const path = pagePath(id, language);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, renderChart(chart, language));
    console.log(`wrote ${path}`);
  }
}
