/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn, and beyond that `run` refuses at
 * once with LimiterBusyError, so a flood is answered quickly instead of queueing without end. A task that has waited
 * `maxWaitMs` without its turn is refused the same way (under overload a quick "come back" beats a time-out), and a
 * waiting task whose caller has gone (its `abandoned()` says so when its turn comes) is dropped unrun, so work for
 * clients that gave up does not delay those still waiting.
 *
 * With `perClient`, each task names its client: one client runs at most `perClient.concurrency` tasks at once and
 * keeps at most `perClient.maxWaiting` waiting (beyond that ClientBusyError, its own queue is full), and turns go
 * round the waiting clients one task each. A client sending hundreds at once waits behind itself; another client's
 * task starts at the next free place.
 */
export type Limiter = {
  run<T>(task: () => Promise<T>, turn?: { client?: string; abandoned?: () => boolean }): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

export class LimiterBusyError extends Error {}
/** The client's own queue is full: it is asking for more at once than its share. */
export class ClientBusyError extends Error {}
export class AbandonedError extends Error {}

type Waiting = { client: string; start: () => void; drop: () => void; abandoned: () => boolean; timer?: NodeJS.Timeout };

export function limiter({
  concurrency,
  maxWaiting,
  maxWaitMs = Infinity,
  perClient = { concurrency: Infinity, maxWaiting: Infinity },
}: {
  concurrency: number;
  maxWaiting: number;
  maxWaitMs?: number;
  perClient?: { concurrency: number; maxWaiting: number };
}): Limiter {
  let running = 0;
  let waiting = 0;
  const runningFor = new Map<string, number>();
  /** Each waiting client's tasks in order; the map's order is the round, the client served last goes to its end. */
  const queues = new Map<string, Waiting[]>();

  const take = (turn: Waiting) => {
    const queue = queues.get(turn.client);
    const place = queue?.indexOf(turn) ?? -1;
    if (!queue || place < 0) return false;
    queue.splice(place, 1);
    if (queue.length === 0) queues.delete(turn.client);
    waiting -= 1;
    clearTimeout(turn.timer);
    return true;
  };

  const next = () => {
    while (running < concurrency) {
      let turn: Waiting | undefined;
      for (const [client, queue] of queues) {
        if ((runningFor.get(client) ?? 0) < perClient.concurrency) {
          turn = queue[0];
          break;
        }
      }
      if (!turn) return;
      take(turn);
      // Served: to the end of the round.
      const rest = queues.get(turn.client);
      if (rest) {
        queues.delete(turn.client);
        queues.set(turn.client, rest);
      }
      if (turn.abandoned()) turn.drop();
      else turn.start();
    }
  };

  return {
    run<T>(task: () => Promise<T>, { client = '', abandoned = () => false }: { client?: string; abandoned?: () => boolean } = {}): Promise<T> {
      const start = () => {
        running += 1;
        runningFor.set(client, (runningFor.get(client) ?? 0) + 1);
        return task().finally(() => {
          running -= 1;
          const left = runningFor.get(client)! - 1;
          if (left === 0) runningFor.delete(client);
          else runningFor.set(client, left);
          next();
        });
      };
      const own = queues.get(client);
      if (running < concurrency && (runningFor.get(client) ?? 0) < perClient.concurrency && !own) return start();
      if ((own?.length ?? 0) >= perClient.maxWaiting) return Promise.reject(new ClientBusyError('too many tasks of this client waiting'));
      if (waiting >= maxWaiting) return Promise.reject(new LimiterBusyError('too many tasks waiting'));
      return new Promise<T>((resolve, reject) => {
        const turn: Waiting = { client, start: () => start().then(resolve, reject), drop: () => reject(new AbandonedError('the caller has gone')), abandoned };
        if (Number.isFinite(maxWaitMs)) {
          turn.timer = setTimeout(() => {
            if (take(turn)) reject(new LimiterBusyError(`waited ${maxWaitMs} ms`));
          }, maxWaitMs);
        }
        if (own) own.push(turn);
        else queues.set(client, [turn]);
        waiting += 1;
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}
