/** A sentence in each language the interface speaks. */
export interface Wording {
  en: string;
  fr: string;
}

/** One state of a statechart, as the reference describes it. */
export interface ChartState<Name extends string = string> {
  name: Name;
  /** How the interface shows the state ("Shown as" in REFERENCE.md). */
  label: Wording;
  meaning: Wording;
}

/**
 * One row of a transition table: from any of `from`, when `event` happens, to `to`.
 * `machineEvents` are the events of the machine in `machines/` that stand for the row's event;
 * the conformance test holds the machine to exactly these rows.
 */
export interface ChartTransition<Name extends string = string> {
  from: readonly Name[];
  event: Wording;
  to: Name;
  /** A remark on how the row ends, when the table has one ("as soon as the start ends"). */
  note?: Wording;
  machineEvents: readonly string[];
}

/** A statechart as data: the single source of its reference page and its conformance test. */
export interface Chart<Name extends string = string> {
  id: string;
  title: Wording;
  intro: Wording;
  initial: Name;
  states: readonly ChartState<Name>[];
  transitions: readonly ChartTransition<Name>[];
  /** Paragraphs after the table: limits, sequences, remarks. */
  notes: readonly Wording[];
}
