import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { charts, pagePath, renderChart } from '../../scripts/statechartDocs.ts';
import { repoRoot } from '../helpers/typescriptProcess.ts';

describe('the statechart reference pages', () => {
  for (const [id, chart] of Object.entries(charts)) {
    for (const language of ['en', 'fr'] as const) {
      it(`${pagePath(id, language)} is what statecharts/ generates (run npm run docs)`, async () => {
        const onDisk = await readFile(`${repoRoot}/${pagePath(id, language)}`, 'utf8');
        expect(onDisk).toBe(renderChart(chart, language));
      });
    }
  }

  it('word every state and every row in both languages', () => {
    const page = renderChart(charts['agent-lifecycle']!, 'fr');
    expect(page).toContain('| `busy` | occupé |');
    expect(page).toContain('dès que le démarrage se termine');
  });
});
