/**
 * At most `limit` pieces of one kind of work at a time; the rest wait their turn, first come first
 * served. For work whose every request is worth doing but that must not take every core at once
 * (drawing an image on the shared worker pool); ConcurrencyGate turns the extra requests away
 * instead. A finished piece hands its place straight to the next in line, so a newcomer can never
 * slip in between and make it `limit + 1`.
 */
export class WaitingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.running;
  }

  /** Runs `work` once there is room. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
