/**
 * The core reused in other hosts (DESIGN.md: `machines/` "must build and test without Node or a
 * browser"): the machines and the supervision policy, the transition tables they mirror, and the
 * values of the wire, bundled by `npm run build:core` into one ES module that uses no Node or DOM
 * global (scripts/coreBundle.mjs). A host binds each machine's effects with `machine.provide`,
 * and brings time through the actor's `clock` option: XState's default clock is the only user of
 * `setTimeout` in the bundle.
 *
 * @example
 * import { agentLifecycleMachine, createActor } from './switchboard-core.js';
 * const lifecycle = createActor(agentLifecycleMachine.provide({ actions: { spawnAgent } }), {
 *   input: { timings: {} },
 *   clock,
 * }).start();
 */
export { createActor, SimulatedClock } from 'xstate';

export * from '../../machines/agentLifecycleMachine.ts';
export * from '../../machines/turnMachine.ts';
export * from '../../machines/acpSessionMachine.ts';
export * from '../../machines/connectionMachine.ts';
export * from '../../machines/supervisionPolicy.ts';
export * from '../../machines/conversationFold.ts';
export * from '../../machines/meshFold.ts';
export * from '../../machines/statechartGraph.ts';
export * from '../../machines/topLevelTransitions.ts';
export * from '../../machines/LineRing.ts';

export * from '../../statecharts/agentLifecycle.ts';
export * from '../../statecharts/conversationTurn.ts';
export * from '../../statecharts/acpSession.ts';
export type * from '../../statecharts/types.ts';

export * from '../../schema/agents.ts';
export * from '../../schema/attachments.ts';
export * from '../../schema/conversation.ts';
export * from '../../schema/elicitation.ts';
export * from '../../schema/mesh.ts';
export * from '../../schema/notifications.ts';
export * from '../../schema/rpc.ts';
export type * from '../../schema/worker.ts';
export type * from '../../schema/inspector.ts';
export type * from '../../schema/events.ts';
export type * from '../../schema/config.ts';
export { checkConfig } from '../../schema/configCheck/checkConfig.ts';
export type * from '../../schema/configCheck/finding.ts';
