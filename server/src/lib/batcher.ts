/** A batch's answer for one call that failed: that call's promise rejects with `error`, the others' do not. */
export class Failed {
  constructor(readonly error: unknown) {}
}

/**
 * Coalesces calls into batches: the first call runs at once, alone; the calls made while a batch is
 * being answered wait and go together as the next one (at most `max`, in the order they came). At
 * low load nothing waits; under load one statement answers many callers, which is what a database
 * with one connection (PGlite) needs, since its statements queue anyway and each carries a fixed
 * cost (a message to its thread, a round through the protocol).
 *
 * `run` answers a batch with one result per input, in order; a `Failed` result fails its own call
 * only. If `run` throws, every caller of that batch gets the error, and the next batch still runs.
 */
export function createBatcher<In, Out>(
  run: (batch: In[]) => Promise<Array<Out | Failed>>,
  { max = Number.POSITIVE_INFINITY }: { max?: number } = {},
): (input: In) => Promise<Out> {
  if (!(max >= 1)) throw new RangeError(`a batch holds at least one call (max ${max})`);
  interface Waiting {
    input: In;
    resolve: (output: Out) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let running = false;

  async function answer(batch: Waiting[]): Promise<void> {
    const outputs = await run(batch.map((call) => call.input));
    if (outputs.length !== batch.length)
      throw new Error(`a batch of ${batch.length} was answered with ${outputs.length} results`);
    for (const [index, call] of batch.entries()) {
      const output = outputs[index];
      if (output instanceof Failed) call.reject(output.error);
      else call.resolve(output as Out);
    }
  }

  function next(): void {
    if (running || waiting.length === 0) return;
    const batch = waiting.length > max ? waiting.splice(0, max) : waiting;
    if (batch === waiting) waiting = [];
    running = true;
    answer(batch)
      .catch((error: unknown) => {
        for (const call of batch) call.reject(error);
      })
      .finally(() => {
        running = false;
        next();
      });
  }

  return (input: In) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      next();
    });
}
