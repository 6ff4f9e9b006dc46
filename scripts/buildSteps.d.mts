/** A step of `npm run build`: its name (its stamp is `dist/.stamps/<name>.json`) and what it reads. */
export interface BuildStep {
  name: string;
  /** Files and folders (read whole), relative to the repository's folder. */
  inputs: readonly string[];
}

/** The steps of `npm run build`, in order. */
export declare const buildSteps: readonly BuildStep[];

/** Whether `step`'s outputs are there, untouched, and built from the inputs as they are now. */
export declare function isFresh(root: string, step: BuildStep): boolean;

/** The names of the steps `npm run build` would run now. */
export declare function staleSteps(root: string): string[];

/** Starts building `step`; `done` stamps it with the files it read and wrote. */
export declare function startStep(
  root: string,
  step: BuildStep,
): { done(read: readonly string[], written: readonly string[]): void };

/** Every file under `folder` (relative to `root`). */
export declare function filesIn(root: string, folder: string): string[];
