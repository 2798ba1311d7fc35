import { useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';

/**
 * With scripts, the page reads its data again every `everyMs` while it is visible (the current bid,
 * the end, the buyer's status), and a clock ticks every second for the time left. Without scripts,
 * nothing runs: a refresh says the same. `renderedAt` is the server's clock at render, so the first
 * render in the browser says what the server said.
 */
export function useLive(everyMs: number, renderedAt: number): number {
  const revalidator = useRevalidator();
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const offset = renderedAt - Date.now();
    const tick = setInterval(() => setNow(Date.now() + offset), 1_000);
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, everyMs);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
    // The revalidator changes identity with its state; the timers keep the first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [everyMs, renderedAt]);
  return now;
}
