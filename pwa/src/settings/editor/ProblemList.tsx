import type { Problem } from '../../../../schema/config.ts';
import { useT } from '../../i18n.tsx';

/**
 * The host's problems with the editor's text, errors and warnings in the order it gives them
 * (by position). Choosing one puts the cursor on it.
 */
export function ProblemList({
  problems,
  onSelect,
}: {
  problems: readonly Problem[] | undefined;
  onSelect: (problem: Problem) => void;
}) {
  const t = useT();
  if (problems === undefined) return null;
  const errors = problems.filter((problem) => !problem.warning).length;
  const warnings = problems.length - errors;
  const tone =
    errors > 0 ? 'problems-summary-errors' : warnings > 0 ? 'problems-summary-warnings' : '';
  return (
    <section className="problems" aria-label={t('settings.problems.label')}>
      <p className={`problems-summary ${tone}`}>
        {problems.length === 0
          ? t('settings.problems.none')
          : t('settings.problems.count', { errors, warnings })}
      </p>
      {problems.length > 0 && (
        <ul className="problem-list">
          {problems.map((problem, index) => {
            const severity = problem.warning ? 'warning' : 'error';
            return (
              <li key={index}>
                <button
                  type="button"
                  className={`problem problem-${severity}`}
                  onClick={() => onSelect(problem)}
                >
                  <span className="problem-severity">{t(`settings.problems.${severity}`)}</span>
                  <span className="problem-where">
                    {t('settings.problems.where', { line: problem.line, column: problem.column })}
                  </span>
                  <span className="problem-message">{problem.message}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
