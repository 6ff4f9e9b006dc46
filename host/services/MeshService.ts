import type { MeshOverview } from '../../schema/mesh.ts';
import type { MeshChannel } from '../mesh/MeshChannel.ts';
import type { MeshLog } from '../mesh/MeshLog.ts';
import type { WireService } from '../../schema/rpc.ts';

/**
 * `MeshService` (docs/mesh.md): what the app's Mesh panel shows — the live machines and agents
 * of the mesh, the messages this host's agents sent and received, and the freezes in force.
 */
export class MeshService implements WireService<'MeshService'> {
  constructor(
    private readonly mesh: MeshChannel,
    private readonly log: MeshLog,
  ) {}

  async Overview(): Promise<MeshOverview> {
    // A channel that is not connected still leaves the log and the freezes to show.
    const machines = await this.mesh
      .directory('')
      .then((directory) => directory.machines)
      .catch(() => [{ handle: this.mesh.machine, agents: [] }]);
    return {
      machine: this.mesh.machine,
      machines,
      log: this.log.entries(),
      freezes: this.log.freezes(),
    };
  }
}
