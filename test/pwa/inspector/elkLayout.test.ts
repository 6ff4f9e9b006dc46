import { describe, expect, it } from 'vitest';
import type { InspectedMachine } from '../../../schema/inspector.ts';
import type { Box, ChartWords } from '../../../pwa/src/inspector/chartLayout.ts';
import { elkLayout } from '../../../pwa/src/inspector/elkLayout.ts';
import { graphOf } from '../../../pwa/src/inspector/inspectorModel.ts';

const words: ChartWords = {
  key: 'en',
  lines: (edge) => (edge.guard === undefined ? [edge.label] : [edge.label, `[${edge.guard}]`]),
};

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the ELK layout of a statechart', () => {
  it.each<InspectedMachine>(['agent-lifecycle', 'conversation-turn', 'acp-session', 'connection'])(
    '%s: every state in its parent, every transition routed, every initial state marked',
    async (machine) => {
      const graph = graphOf(machine);
      const layout = await elkLayout(graph, words);
      const root = layout.boxes[graph.id]!;
      expect(root.width).toBeGreaterThan(0);
      for (const node of graph.nodes) {
        const box = layout.boxes[node.id];
        expect(box, node.id).toBeDefined();
        expect(inside(box!, layout.boxes[node.parent ?? graph.id]!), node.id).toBe(true);
        // Siblings never overlap.
        for (const sibling of graph.nodes) {
          if (sibling.parent !== node.parent || sibling.id === node.id) continue;
          expect(overlap(box!, layout.boxes[sibling.id]!), `${node.id} / ${sibling.id}`).toBe(
            false,
          );
        }
      }
      for (const edge of graph.edges) {
        const routes = layout.routes.filter((route) => route.edge === edge.id);
        expect(routes, edge.id).toHaveLength(edge.targets.length);
        for (const route of routes) expect(route.points.length).toBeGreaterThanOrEqual(2);
        if (edge.targets.length > 0) expect(routes[0]!.label, edge.id).toBeDefined();
      }
      const initials = graph.nodes.filter((node) => node.initial).map((node) => node.id);
      expect(layout.initials.map((mark) => mark.target).sort()).toEqual(initials.sort());
      expect(layout.width).toBeGreaterThanOrEqual(root.x + root.width);
      expect(layout.height).toBeGreaterThanOrEqual(root.y + root.height);
    },
  );

  it('lays out a graph once per language', async () => {
    const graph = graphOf('connection');
    expect(elkLayout(graph, words)).toBe(elkLayout(graph, { ...words }));
    expect(elkLayout(graph, { ...words, key: 'fr' })).not.toBe(elkLayout(graph, words));
    await elkLayout(graph, words);
  });
});
