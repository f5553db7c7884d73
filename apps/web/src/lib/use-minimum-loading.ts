import { useEffect, useRef, useState } from 'react';
import { appConfig } from '../config';
import { remainingLoadingMs } from './min-loading';

/**
 * Follows `loading`, but once it turned true stays true for at least `minimum` ms, so a fast answer
 * does not make spinners and disabled buttons flicker.
 */
export function useMinimumLoading(loading: boolean, minimum: number = appConfig.minimumLoadingMs): boolean {
  const [visible, setVisible] = useState(loading);
  const shownAt = useRef<number | null>(loading ? Date.now() : null);

  useEffect(() => {
    if (loading) {
      if (shownAt.current === null) shownAt.current = Date.now();
      setVisible(true);
      return undefined;
    }
    const wait = remainingLoadingMs(shownAt.current, Date.now(), minimum);
    const hide = () => {
      shownAt.current = null;
      setVisible(false);
    };
    if (wait === 0) {
      hide();
      return undefined;
    }
    const timer = setTimeout(hide, wait);
    return () => clearTimeout(timer);
  }, [loading, minimum]);

  return visible;
}
