import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.12 });

let running = 0;

/** Counts overlapping calls so the bar ends with the last one, not the first. */
export const progress = {
  start() {
    running += 1;
    if (running === 1) NProgress.start();
  },
  done() {
    running = Math.max(0, running - 1);
    if (running === 0) NProgress.done();
  },
};
