import type { AgentSummary } from '../../schema/agents.ts';
import type { Supervisor } from '../Supervisor.ts';
import type { WireService } from '../../schema/rpc.ts';

/**
 * `AgentService` of REFERENCE.md, with the semantics of CONTRACT.md §3: `Start` resolves once
 * the agent is `ready`, `Stop` once it is `stopped`, `Restart` is both. Errors are `ServiceError`s.
 */
export class AgentService implements WireService<'AgentService'> {
  constructor(private readonly supervisor: Supervisor) {}

  List(): AgentSummary[] {
    return this.supervisor.list();
  }

  Start(name: string): Promise<void> {
    return this.supervisor.start(name);
  }

  Stop(name: string): Promise<void> {
    return this.supervisor.stop(name);
  }

  Restart(name: string): Promise<void> {
    return this.supervisor.restart(name);
  }

  Logs(name: string): string[] {
    return this.supervisor.logs(name);
  }
}
