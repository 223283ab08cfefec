/**
 * A test-only page that throws while rendering in the browser, to prove the
 * error fallback ("This page crashed" with a Try again button). It renders
 * normally during static generation, so the build succeeds. Built only when
 * ANSWERAI_TEST_PAGES=1 (the test suite's build); never in `npm run build`.
 */
import React, {useEffect, useState, type ReactNode} from 'react';

export default function CrashPage(): ReactNode {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (mounted) throw new Error('Test crash: this page throws on purpose.');
  return <main>Loading the crash test…</main>;
}
