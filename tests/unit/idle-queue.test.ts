/**
 * lib/idle-queue.ts: jobs wait for idle callbacks, run in order, a slice of
 * time per callback, one per task without idle callbacks, and a failing job
 * does not stop the queue.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {idleQueue} from '../../lib/idle-queue';

/**
 * Stubs the browser's idle callbacks (or removes them) and timers, so that they run only when the test says.
 * @param withIdleCallbacks whether the browser has `requestIdleCallback`.
 */
function manualScheduler(withIdleCallbacks = true) {
  const idle: Array<(deadline: IdleDeadline) => void> = [];
  const timers: Array<() => void> = [];
  const requestIdleCallback = vi.fn((callback: (deadline: IdleDeadline) => void) => idle.push(callback));
  const setTimeout = vi.fn((callback: () => void) => timers.push(callback));
  vi.stubGlobal('requestIdleCallback', withIdleCallbacks ? requestIdleCallback : undefined);
  vi.stubGlobal('setTimeout', setTimeout);
  return {
    requestIdleCallback,
    setTimeout,
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
  vi.unstubAllGlobals();
});

describe('idleQueue', () => {
  it('runs nothing when a job is added, and the jobs in order in an idle callback', () => {
    const {requestIdleCallback, idle, runIdle} = manualScheduler();
    const queue = idleQueue(4);
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    queue.add(() => ran.push('b'));
    expect(ran).toEqual([]);
    // One callback asked for, not one per job.
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    runIdle();
    expect(ran).toEqual(['a', 'b']);
    expect(idle).toHaveLength(0);
  });

  it('runs one job per idle callback when the idle period has no time left, and asks for another callback for the rest', () => {
    const {requestIdleCallback, idle, runIdle} = manualScheduler();
    const queue = idleQueue(4);
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) queue.add(() => ran.push(name));
    runIdle(0);
    expect(ran).toEqual(['a']);
    expect(idle).toHaveLength(1);
    runIdle(0);
    runIdle(0);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(idle).toHaveLength(0);
    expect(requestIdleCallback).toHaveBeenCalledTimes(3);
  });

  it('stops a callback once it has run for its slice of time, though the idle period lasts', () => {
    const {idle, runIdle} = manualScheduler();
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const queue = idleQueue(4);
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
    const {setTimeout, timers} = manualScheduler(false);
    const queue = idleQueue(4);
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    queue.add(() => ran.push('b'));
    expect(ran).toEqual([]);
    expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 0);
    timers.shift()!();
    expect(ran).toEqual(['a']);
    timers.shift()!();
    expect(ran).toEqual(['a', 'b']);
    expect(timers).toHaveLength(0);
  });

  it('ends the idle callback with the error of a job that throws, and runs the next job in the next callback', () => {
    const {idle, runIdle} = manualScheduler();
    const queue = idleQueue(4);
    const ran: string[] = [];
    const failure = new Error('prefetch failed');
    queue.add(() => {
      throw failure;
    });
    queue.add(() => ran.push('b'));
    expect(() => runIdle()).toThrow(failure);
    expect(ran).toEqual([]);
    expect(idle).toHaveLength(1);
    runIdle();
    expect(ran).toEqual(['b']);
  });

  it('asks for a new callback for a job added after the queue ran empty', () => {
    const {idle, runIdle} = manualScheduler();
    const queue = idleQueue(4);
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    runIdle();
    queue.add(() => ran.push('b'));
    expect(idle).toHaveLength(1);
    runIdle();
    expect(ran).toEqual(['a', 'b']);
  });
});
