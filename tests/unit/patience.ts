/**
 * How long a test waits (`vi.waitFor`) for loading it started without awaiting it: work of a few microtasks and a
 * module import, which a busy 2-core machine may hold back well past vi.waitFor's default second. Milliseconds.
 */
export const patience = {timeout: 10_000};
