import { useEffect, useId, useState } from 'react';
import type { PermissionRule } from '../../../../schema/config.ts';
import { useHost, useHostStore } from '../../connection/useHost.ts';
import { useT } from '../../i18n.tsx';
import { useHostAction } from '../../chat/useHostAction.ts';

/**
 * The saved permission rules (CONTRACT.md §8): each what it answers and for which requests, in
 * the order they apply, with a Remove button (`ConfigService.RemovePermission`). Read again
 * whenever the configuration changes (a rule added by "Always allow", an edit of the file).
 */
export function PermissionRulesSection() {
  const t = useT();
  const titleId = useId();
  const store = useHostStore();
  const config = useHost((state) => state.config);
  const agents = useHost((state) => state.agents);
  const remove = useHostAction();
  const [rules, setRules] = useState<PermissionRule[]>();
  useEffect(() => {
    if (config === undefined) return;
    let live = true;
    store.call('ConfigService.Permissions').then(
      (found) => live && setRules(found),
      () => live && setRules([]),
    );
    return () => {
      live = false;
    };
  }, [store, config]);

  const titleOf = (name: string) => agents.find((agent) => agent.name === name)?.title ?? name;
  const describe = (rule: PermissionRule) => {
    const agent = rule.agent === undefined ? t('settings.rules.anyAgent') : titleOf(rule.agent);
    const path = rule.path ?? t('settings.rules.anyPath');
    if (rule.command !== undefined) {
      return t(`settings.rules.${rule.answer}Command`, { agent, command: rule.command, path });
    }
    const kind =
      rule.kind === undefined ? t('settings.rules.anyKind') : t(`settings.rules.kind.${rule.kind}`);
    return t(`settings.rules.${rule.answer}`, { agent, kind, path });
  };

  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.rules.title')}</h2>
      <p className="settings-hint">{t('settings.rules.hint')}</p>
      {rules !== undefined && rules.length === 0 && (
        <p className="settings-hint">{t('settings.rules.empty')}</p>
      )}
      {rules !== undefined && rules.length > 0 && (
        <ol className="rule-list">
          {rules.map((rule) => (
            <li key={rule.index} className={`rule rule-${rule.answer}`}>
              <span className="rule-text">{describe(rule)}</span>
              <button
                type="button"
                aria-label={t('settings.rules.removeLabel', { rule: describe(rule) })}
                disabled={remove.pending}
                onClick={() => void remove.run('ConfigService.RemovePermission', rule.index)}
              >
                {t('settings.rules.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      {remove.error !== undefined && (
        <p className="settings-notice settings-notice-danger" role="alert">
          {remove.error}
        </p>
      )}
    </section>
  );
}
