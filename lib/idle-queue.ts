/**
 * A queue of small jobs that run when the browser is idle, so that work many
 * components ask for in the same task (each link in sight asking for its
 * prefetch) spreads over short tasks instead of making one long task while
 * the page is starting.
 */

/** Jobs waiting for idle time; see {@link idleQueue}. */
export interface IdleQueue {
  /** Queues `job`; jobs run in the order they were added. */
  add(job: () => void): void;
}

/** The part of `window` the queue schedules with; a parameter so tests can drive it. */
export interface IdleScheduler {
  requestIdleCallback?: (callback: (deadline: IdleDeadline) => void) => number;
  setTimeout: (callback: () => void, delayMs?: number) => number;
}

/**
 * Makes a queue whose jobs run in the browser's idle periods
 * (`requestIdleCallback`). Each idle callback runs the first job waiting,
 * then more while the callback has run for less than `sliceMs` and the idle
 * period has time left; what remains waits for the next idle period. Where the
 * browser has no idle callbacks (Safari), each job runs in a task of its own
 * (`setTimeout` of 0 ms). A job that throws is reported as an uncaught error
 * in a task of its own, and the queue goes on with the next job.
 * @param sliceMs how long one idle callback may keep running jobs, in milliseconds of the page's clock.
 * @param scheduler where idle callbacks and timers come from: `window` in the browser.
 */
export function idleQueue(sliceMs = 4, scheduler: IdleScheduler = window): IdleQueue {
  const jobs: Array<() => void> = [];
  let scheduled = false;

  const runJob = (job: () => void) => {
    try {
      job();
    } catch (error) {
      scheduler.setTimeout(() => {
        throw error;
      });
    }
  };

  const run = (deadline?: IdleDeadline) => {
    scheduled = false;
    const stopAt = performance.now() + sliceMs;
    do runJob(jobs.shift()!);
    while (jobs.length > 0 && deadline && deadline.timeRemaining() > 0 && performance.now() < stopAt);
    if (jobs.length > 0) schedule();
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    if (typeof scheduler.requestIdleCallback === 'function') scheduler.requestIdleCallback(run);
    else scheduler.setTimeout(() => run(), 0);
  };

  return {
    add(job) {
      jobs.push(job);
      schedule();
    },
  };
}
