/** Findings worded for a person, in the configuration's own language (`config.*` of `locales/`). */
import type { Problem } from '../../schema/config.ts';
import type { Finding, FindingValue } from '../../schema/configCheck/finding.ts';
import { translate, type Language } from '../i18n.ts';

const lists = new Map<Language, Intl.ListFormat>();

/** `["system", "light", "dark"]` → `system, light or dark` (`… ou dark` in French). */
function formatList(language: Language, values: readonly string[]): string {
  let format = lists.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'disjunction' });
    lists.set(language, format);
  }
  return format.format(values);
}

/** One finding's message. */
function wordFinding(finding: Finding, language: Language): string {
  const values = Object.fromEntries(
    Object.entries(finding.values).map(([name, value]: [string, FindingValue]) => [
      name,
      typeof value === 'string' || typeof value === 'number' ? value : formatList(language, value),
    ]),
  );
  if (finding.code.startsWith('yaml.')) {
    const explanation = translate(language, `config.${finding.code}`, values);
    return translate(language, finding.warning ? 'config.yamlWarning' : 'config.yaml', {
      explanation,
    });
  }
  return translate(language, `config.${finding.code}`, values);
}

const byPosition = (a: Problem, b: Problem) => a.line - b.line || a.column - b.column;

/** The problems of `findings` in `language`, by position, each said once. */
export function wordFindings(findings: readonly Finding[], language: Language): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const finding of findings) {
    const problem: Problem = {
      line: finding.line,
      column: finding.column,
      message: wordFinding(finding, language),
      warning: finding.warning,
    };
    const id = JSON.stringify(problem);
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
  }
  return problems.sort(byPosition);
}
