/**
 * Runs tasks one at a time, in the order they come: each starts once the one before has settled,
 * whether it succeeded or failed. A failure reaches only the caller of the task that failed.
 * @example
 * const saves = new TaskQueue();
 * await saves.run(() => writeFile(path, text)); // waits for the saves queued before it
 */
export class TaskQueue {
  #last: Promise<unknown> = Promise.resolve();

  /** Queues `task`: its result (or its failure) once every task queued before it has settled. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.#last.then(task);
    this.#last = result.catch(() => {});
    return result;
  }
}
