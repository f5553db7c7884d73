import { useEffect, useState } from 'react';
import { appConfig } from '../config';
import { throttle } from './throttle';

function useThrottledWindowValue<T>(event: 'scroll' | 'resize', read: () => T): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = throttle(() => setValue(read()), appConfig.handlerThrottleMs);
    window.addEventListener(event, update, { passive: true });
    update();
    return () => {
      window.removeEventListener(event, update);
      update.cancel();
    };
    // `read` is a module-level reader in every caller, so the event alone decides the subscription.
  }, [event, read]);
  return value;
}

const scrolledPast = () => window.scrollY > appConfig.headerFixedOffset;
const narrow = () => window.innerWidth <= appConfig.mobileMaxWidth;

/** True once the page is scrolled beyond the header's own height (60 px). */
export function useScrolledPastHeader(): boolean {
  return useThrottledWindowValue('scroll', scrolledPast);
}

/** True at phone widths (≤ 768 px), where the navigation lives in the drawer. */
export function useIsMobile(): boolean {
  return useThrottledWindowValue('resize', narrow);
}
