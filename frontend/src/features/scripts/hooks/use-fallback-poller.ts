import { useEffect, useRef, useState } from 'react';

import { FallbackPoller } from '../lib/generation-status';

const browserTimers = {
  setInterval: (handler: () => void, ms: number) => window.setInterval(handler, ms),
  clearInterval: (id: unknown) => window.clearInterval(id as number),
  setTimeout: (handler: () => void, ms: number) => window.setTimeout(handler, ms),
  clearTimeout: (id: unknown) => window.clearTimeout(id as number),
};

/** A poller that calls the latest `refresh` every 10 s while started; stopped on unmount. */
export function useFallbackPoller(refresh: () => unknown): FallbackPoller {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  const [poller] = useState(() => new FallbackPoller(() => void latest.current(), browserTimers));
  useEffect(() => () => poller.stop(), [poller]);
  return poller;
}
