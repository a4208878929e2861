/**
 * Background jobs of the server process (exports now). A job runs after the request that started it
 * has answered; the runner keeps track of the jobs under way so that closing the app waits for them
 * instead of pulling the database from under them. A job that throws is logged; the job itself
 * records its failure (see export-jobs.ts), so nothing stays RUNNING.
 */
export class JobRunner {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (err: unknown) => void = () => {}) {}

  /** Starts the job on a later turn of the event loop. */
  run(job: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch(this.onError)
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Number of jobs under way. */
  get size(): number {
    return this.pending.size;
  }

  /** Resolves when every job under way (and any it started) has ended. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
