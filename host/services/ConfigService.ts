import schema from '../../schema/config.schema.json' with { type: 'json' };
import type { BrowseResult, ConfigCurrent, PermissionRule, Problem } from '../../schema/config.ts';
import { browse } from '../config/browse.ts';
import type { CurrentConfig } from '../config/CurrentConfig.ts';
import type { RecentFiles } from '../config/RecentFiles.ts';
import { translate } from '../i18n.ts';
import { ServiceError } from '../ServiceError.ts';
import type { WireService } from '../../schema/rpc.ts';

/**
 * `ConfigService` of REFERENCE.md with the semantics of CONTRACT.md §3: `Validate` and `Save`
 * return one list of problems, errors and warnings together; `Save` writes exactly when it holds
 * no error; `Current` splits them. `Choose` is the PWA's dialog, built on `Browse` and `Open`.
 */
export class ConfigService implements WireService<'ConfigService'> {
  constructor(
    private readonly config: CurrentConfig,
    private readonly recent: RecentFiles,
  ) {}

  Current(): ConfigCurrent {
    return this.config.current();
  }

  Content(): Promise<string> {
    return this.config.content();
  }

  Validate(text: string): Promise<Problem[]> {
    return this.config.validate(text);
  }

  Save(text: string): Promise<Problem[]> {
    return this.config.save(text);
  }

  Schema(): object {
    return schema;
  }

  /** The rules of `permissions` in the configuration that runs (CONTRACT.md §8), in order. */
  Permissions(): PermissionRule[] {
    return this.config.config.permissions;
  }

  /** Removes rule `index` from the file, its comments kept. */
  RemovePermission(index: number): Promise<void> {
    return this.config.removePermissionRule(index);
  }

  Open(path: string): Promise<void> {
    return this.config.open(path);
  }

  Recent(): Promise<string[]> {
    return this.recent.list();
  }

  /** Folders and YAML files of `dir` (the current configuration's folder when empty). */
  async Browse(dir: string): Promise<BrowseResult> {
    const folder = dir || this.config.current().path.replace(/[/\\][^/\\]*$/, '');
    try {
      return await browse(folder);
    } catch (error) {
      const language = this.config.language;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ServiceError(
          'not-found',
          translate(language, 'configFile.notFound', { path: folder }),
        );
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ServiceError('io', translate(language, 'configFile.io', { path: folder, reason }));
    }
  }
}
