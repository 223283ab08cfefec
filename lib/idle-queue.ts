/**
 * A queue of small jobs that run when the browser is idle, so that work many
 * components ask for in the same task (each link in sight asking for its
 * prefetch) spreads over short tasks instead of making one long task while
 * the page is starting. It loads with every page (`main.js`), so it is kept
 * small.
 */

/** Jobs waiting for idle time; see {@link idleQueue}. */
export interface IdleQueue {
  /** Queues `job`; jobs run in the order they were added. */
  add(job: () => void): void;
}

/**
 * Makes a queue whose jobs run in the browser's idle periods
 * (`requestIdleCallback`). Each idle callback runs the first job waiting,
 * then more while the callback has run for less than `sliceMs` and the idle
 * period has time left; what remains waits for the next idle period. Where the
 * browser has no idle callbacks (Safari), each job runs in a task of its own
 * (`setTimeout` of 0 ms). A job that throws ends its callback with that error
 * (reported as uncaught); the jobs after it wait for the next callback.
 * @param sliceMs how long one idle callback may keep running jobs, in milliseconds of the page's clock.
 */
export function idleQueue(sliceMs: number): IdleQueue {
  const jobs: Array<() => void> = [];
  let scheduled = false;

  const schedule = () => {
    if (scheduled || !jobs.length) return;
    scheduled = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run);
    else setTimeout(run, 0);
  };

  function run(deadline?: IdleDeadline) {
    scheduled = false;
    const stopAt = performance.now() + sliceMs;
    try {
      do jobs.shift()!();
      while (jobs.length && deadline && deadline.timeRemaining() > 0 && performance.now() < stopAt);
    } finally {
      schedule();
    }
  }

  return {
    add(job) {
      jobs.push(job);
      schedule();
    },
  };
}
