// The countdown running now (GET /server/countdown), fetched again whenever a screen starts or
// cancels one, and every 10 s else (a scheduled restart starts on its own).
import { useEffect, useState } from 'react';
import { useCountdownNow } from '../api';

const changes = new EventTarget();

/** Says that a countdown was started or cancelled here: every bar on screen reads it again. */
export const countdownChanged = () => changes.dispatchEvent(new Event('change'));

export function useCountdown() {
  const [seen, setSeen] = useState(0);
  useEffect(() => {
    const on = () => setSeen((n) => n + 1);
    changes.addEventListener('change', on);
    return () => changes.removeEventListener('change', on);
  }, []);
  return useCountdownNow({ refreshMs: 10_000, refreshKey: seen });
}
