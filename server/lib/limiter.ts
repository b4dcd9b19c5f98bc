/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn, and beyond that `run` refuses at
 * once with LimiterBusyError, so a flood is answered quickly instead of queueing without end. A task that has waited
 * `maxWaitMs` without its turn is refused the same way (under overload a quick "come back" beats a time-out), and a
 * waiting task whose caller has gone (its `abandoned()` says so when its turn comes) is dropped unrun, so work for
 * clients that gave up does not delay those still waiting.
 */
export type Limiter = {
  run<T>(task: () => Promise<T>, abandoned?: () => boolean): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

export class LimiterBusyError extends Error {}
export class AbandonedError extends Error {}

type Waiting = { start: () => void; drop: () => void; abandoned: () => boolean; timer?: NodeJS.Timeout };

export function limiter({ concurrency, maxWaiting, maxWaitMs = Infinity }: { concurrency: number; maxWaiting: number; maxWaitMs?: number }): Limiter {
  let running = 0;
  const queue: Waiting[] = [];

  const next = () => {
    while (running < concurrency && queue.length > 0) {
      const turn = queue.shift()!;
      clearTimeout(turn.timer);
      if (turn.abandoned()) turn.drop();
      else turn.start();
    }
  };

  return {
    run<T>(task: () => Promise<T>, abandoned: () => boolean = () => false): Promise<T> {
      const start = () => {
        running += 1;
        return task().finally(() => {
          running -= 1;
          next();
        });
      };
      if (running < concurrency) return start();
      if (queue.length >= maxWaiting) return Promise.reject(new LimiterBusyError('too many tasks waiting'));
      return new Promise<T>((resolve, reject) => {
        const turn: Waiting = { start: () => start().then(resolve, reject), drop: () => reject(new AbandonedError('the caller has gone')), abandoned };
        if (Number.isFinite(maxWaitMs)) {
          turn.timer = setTimeout(() => {
            const place = queue.indexOf(turn);
            if (place < 0) return;
            queue.splice(place, 1);
            reject(new LimiterBusyError(`waited ${maxWaitMs} ms`));
          }, maxWaitMs);
        }
        queue.push(turn);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
