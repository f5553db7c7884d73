// Global styles first, so that component styles loaded later can refine them.
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readLocaleCookie } from './lib/cookies';
import { chooseInitialLocale, initI18n, rootRedirect, routeLocale } from './lib/i18n';
import { reloadForChunk } from './lib/lazy-page';

// The language of a visit to the bare root is chosen once, before anything renders.
const chosen = chooseInitialLocale({ cookie: readLocaleCookie(), languages: navigator.languages ?? [navigator.language] });
const target = rootRedirect(window.location.pathname, chosen);
if (target) window.history.replaceState(null, '', target + window.location.search + window.location.hash);

initI18n(routeLocale(window.location.pathname));

// Vite reports failed preloads of a lazy chunk's dependencies here.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunk()) event.preventDefault();
});

// Loaded after the redirect so that the router starts from the final URL.
void import('./app').then(({ App }) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
