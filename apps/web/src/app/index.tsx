import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { pages } from './pages';
import { AppProvider } from './provider';
import { router } from './router';

/** Once the first page is up and the browser is idle, fetch the other pages so navigation is instant. */
function usePreloadPages() {
  useEffect(() => {
    const preload = () => {
      for (const page of new Set(Object.values(pages))) {
        if ('preload' in page && typeof page.preload === 'function') void page.preload();
      }
    };
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(preload, { timeout: 5000 });
      else preload();
    }, 1500);
    return () => clearTimeout(timer);
  }, []);
}

export function App() {
  usePreloadPages();
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
