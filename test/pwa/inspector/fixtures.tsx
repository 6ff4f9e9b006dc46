/** Records and a rendering of the Inspector screen for its tests (with a plain layout, not ELK). */
import type { ReactElement } from 'react';
import { ChartLayoutContext } from '../../../pwa/src/inspector/ChartLayoutContext.ts';
import { gridLayout } from '../../../pwa/src/inspector/gridLayout.ts';
import type { Route } from '../../../pwa/src/shell/useRoute.ts';
import type { InspectedMachine, InspectionRecord } from '../../../schema/inspector.ts';
import { agent } from '../agents/agentsFixtures.ts';
import type { Methods } from '../helpers/mockHost.tsx';
import { InspectorScreen } from '../../../pwa/src/inspector/InspectorScreen.tsx';

const agents = [agent('claude', { state: 'ready' }), agent('codex')];

const machineOf = (actor: string): InspectedMachine =>
  actor === 'lifecycle'
    ? 'agent-lifecycle'
    : actor === 'connection'
      ? 'connection'
      : actor === 'session'
        ? 'acp-session'
        : 'conversation-turn';

/** Makes records with increasing seqs and times, one second apart. */
export function recorder(start = 1) {
  let seq = start - 1;
  return (
    actor: string,
    kind: InspectionRecord['kind'],
    event: string,
    more: Partial<InspectionRecord> = {},
  ): InspectionRecord => {
    seq += 1;
    return {
      seq,
      at: Date.parse('2025-05-01T10:00:00Z') + seq * 1000,
      actor,
      machine: machineOf(actor),
      kind,
      event,
      ...more,
    };
  };
}

const context = { users: 0, outdated: false, failure: null, exit: null };

/** An agent started: `stopped`, then `starting`, then `ready` (seqs 1 to 5). */
export function startRecords(): InspectionRecord[] {
  const record = recorder();
  return [
    record('lifecycle', 'actor', 'inspector.watch', {
      value: 'stopped',
      context,
      status: 'active',
    }),
    record('lifecycle', 'event', 'agent.start'),
    record('lifecycle', 'snapshot', 'agent.start', {
      value: { starting: { handshake: 'pending' } },
      context,
      status: 'active',
    }),
    record('lifecycle', 'event', 'agent.handshakeSucceeded'),
    record('lifecycle', 'snapshot', 'agent.handshakeSucceeded', {
      value: { ready: 'running' },
      context: { ...context, users: 0 },
      status: 'active',
    }),
  ];
}

/** A host whose agents are `claude` and `codex`, and whose inspector answers `records`. */
export function inspectorMethods(records: Record<string, InspectionRecord[]>): Methods {
  return {
    'AgentService.List': () => agents,
    'InspectorService.Watch': ([name]) => ({
      agent: name as string,
      records: records[name as string] ?? [],
    }),
    'InspectorService.Unwatch': () => null,
  };
}

/** The screen, laid out on a plain grid (ELK's layout is tested on its own). */
export function inspector(
  agent: string | undefined,
  navigate: (route: Route) => void = () => {},
): ReactElement {
  return (
    <ChartLayoutContext.Provider value={gridLayout}>
      <InspectorScreen agent={agent} navigate={navigate} />
    </ChartLayoutContext.Provider>
  );
}
