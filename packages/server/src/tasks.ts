// Work done after the answer is sent (mail delivery), so answers do not reveal by their
// timing whether an account exists. Tests and shutdown await `idle()`.
export class BackgroundTasks {
  readonly #pending = new Set<Promise<unknown>>();
  constructor(private readonly onError: (error: unknown) => void) {}

  run(task: () => Promise<unknown>): void {
    const p: Promise<unknown> = Promise.resolve()
      .then(task)
      .catch(this.onError)
      .finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }

  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
