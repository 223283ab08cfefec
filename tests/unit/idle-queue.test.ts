/**
 * lib/idle-queue.ts: jobs wait for idle callbacks, run in order, a slice of
 * time per callback, one per task without idle callbacks, and a failing job
 * does not stop the queue.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {idleQueue, type IdleScheduler} from '../../lib/idle-queue';

/** A scheduler whose idle callbacks and timers run only when the test says. */
function manualScheduler(withIdleCallbacks = true) {
  const idle: Array<(deadline: IdleDeadline) => void> = [];
  const timers: Array<() => void> = [];
  const scheduler: IdleScheduler = {
    setTimeout: vi.fn((callback: () => void) => timers.push(callback)),
    ...(withIdleCallbacks ? {requestIdleCallback: vi.fn((callback) => idle.push(callback))} : {}),
  };
  return {
    scheduler,
    idle,
    timers,
    /** Runs the first idle callback waiting, with `remainingMs` left in its idle period. */
    runIdle(remainingMs = 50) {
      idle.shift()!({didTimeout: false, timeRemaining: () => remainingMs});
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('idleQueue', () => {
  it('runs nothing when a job is added, and the jobs in order in an idle callback', () => {
    const {scheduler, idle, runIdle} = manualScheduler();
    const queue = idleQueue(4, scheduler);
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    queue.add(() => ran.push('b'));
    expect(ran).toEqual([]);
    // One callback asked for, not one per job.
    expect(scheduler.requestIdleCallback).toHaveBeenCalledTimes(1);
    runIdle();
    expect(ran).toEqual(['a', 'b']);
    expect(idle).toHaveLength(0);
  });

  it('runs one job per idle callback when the idle period has no time left, and asks for another callback for the rest', () => {
    const {scheduler, idle, runIdle} = manualScheduler();
    const queue = idleQueue(4, scheduler);
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) queue.add(() => ran.push(name));
    runIdle(0);
    expect(ran).toEqual(['a']);
    expect(idle).toHaveLength(1);
    runIdle(0);
    runIdle(0);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(idle).toHaveLength(0);
    expect(scheduler.requestIdleCallback).toHaveBeenCalledTimes(3);
  });

  it('stops a callback once it has run for its slice of time, though the idle period lasts', () => {
    const {scheduler, idle, runIdle} = manualScheduler();
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const queue = idleQueue(4, scheduler);
    const ran: string[] = [];
    // Each job takes 3 ms of the page's clock: two fit in a 4 ms slice (the second starts at 3 ms).
    for (const name of ['a', 'b', 'c']) queue.add(() => (ran.push(name), (now += 3)));
    runIdle(50);
    expect(ran).toEqual(['a', 'b']);
    expect(idle).toHaveLength(1);
    runIdle(50);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('runs each job in a task of its own where the browser has no idle callbacks', () => {
    const {scheduler, timers} = manualScheduler(false);
    const queue = idleQueue(4, scheduler);
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    queue.add(() => ran.push('b'));
    expect(ran).toEqual([]);
    expect(scheduler.setTimeout).toHaveBeenCalledWith(expect.any(Function), 0);
    timers.shift()!();
    expect(ran).toEqual(['a']);
    timers.shift()!();
    expect(ran).toEqual(['a', 'b']);
    expect(timers).toHaveLength(0);
  });

  it('reports a job that throws as an uncaught error in a task of its own, and goes on with the next job', () => {
    const {scheduler, timers, runIdle} = manualScheduler();
    const queue = idleQueue(4, scheduler);
    const ran: string[] = [];
    const failure = new Error('prefetch failed');
    queue.add(() => {
      throw failure;
    });
    queue.add(() => ran.push('b'));
    runIdle();
    expect(ran).toEqual(['b']);
    expect(timers).toHaveLength(1);
    expect(() => timers[0]()).toThrow(failure);
  });

  it('asks for a new callback for a job added after the queue ran empty', () => {
    const {scheduler, idle, runIdle} = manualScheduler();
    const queue = idleQueue(4, scheduler);
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    runIdle();
    queue.add(() => ran.push('b'));
    expect(idle).toHaveLength(1);
    runIdle();
    expect(ran).toEqual(['a', 'b']);
  });
});
