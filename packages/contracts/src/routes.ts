/**
 * Every page of the portal. Chinese pages live without a prefix, English ones under `/en`.
 * The web router is built from this table and the server uses it to answer unknown
 * paths with HTTP 404 (while still serving the app, which shows its 404 page).
 */
export interface PageRoute {
  name: string;
  /** react-router pattern, without locale prefix */
  path: string;
  /** reachable without logging in */
  public: boolean;
}

export const pageRoutes = [
  { name: 'root', path: '/', public: true },
  { name: 'home', path: '/home', public: true },
  { name: 'login', path: '/login', public: true },
  { name: 'register', path: '/register', public: true },
  { name: 'register-sended', path: '/register/sended', public: true },
  { name: 'register-verify', path: '/register/verify/:id?', public: true },
  { name: 'forgotPassword', path: '/forgotPassword', public: true },
  { name: 'forgotPassword-sended', path: '/forgotPassword/sended', public: true },
  { name: 'forgotPassword-verify', path: '/forgotPassword/verify', public: true },
  { name: 'forgotPassword-recover', path: '/forgotPassword/recover/:id?', public: true },
  { name: 'updatePassword', path: '/updatePassword', public: true },
  { name: 'resource', path: '/resource', public: true },
  { name: 'resource-atb', path: '/resource/atb', public: true },
  { name: 'resource-atb-detail', path: '/resource/atb/:code', public: true },
  { name: 'resource-bp', path: '/resource/bp', public: true },
  { name: 'resource-er', path: '/resource/er', public: true },
  { name: 'resource-taxon', path: '/resource/taxon', public: true },
  { name: 'resource-taxon-detail', path: '/resource/taxon/:id', public: true },
  { name: 'resource-genes', path: '/resource/genes', public: true },
  { name: 'resource-genes-detail', path: '/resource/genes/:name', public: true },
  // For curators: reference sequences an import left out of identification, with the evidence.
  { name: 'resource-references', path: '/resource/references', public: true },
  { name: 'search', path: '/search', public: true },
  { name: 'lab', path: '/lab', public: true },
  { name: 'lab-hist', path: '/lab/hist', public: false },
  { name: 'lab-res', path: '/lab/res', public: false },
  // The cumulative antibiogram of the account's own isolates.
  { name: 'lab-antibiogram', path: '/lab/antibiogram', public: false },
  { name: 'blast', path: '/blast', public: true },
  { name: 'blast-hist', path: '/blast/hist', public: false },
  // Anonymous identifications are viewable by their unguessable link; the task itself decides who may see it.
  { name: 'blast-res', path: '/blast/res', public: true },
  // A lab's own MALDI-TOF main spectra: private to the account.
  { name: 'blast-ms-library', path: '/blast/ms/library', public: false },
  { name: 'atb', path: '/atb', public: true },
  { name: 'bk', path: '/bk', public: true },
  { name: '404', path: '/404', public: true },
  { name: '500', path: '/500', public: true },
] as const satisfies readonly PageRoute[];

export type RouteName = (typeof pageRoutes)[number]['name'];

export const EN_PREFIX = '/en';

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      }
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

const compiled = pageRoutes.map((route) => ({ route, re: patternToRegExp(route.path) }));

/** Splits `/en/lab/hist` into locale `en` and path `/lab/hist`. */
export function splitLocale(pathname: string): { locale: 'zh' | 'en'; path: string } {
  if (pathname === EN_PREFIX || pathname.startsWith(EN_PREFIX + '/')) {
    return { locale: 'en', path: pathname.slice(EN_PREFIX.length) || '/' };
  }
  return { locale: 'zh', path: pathname || '/' };
}

/** The page a path belongs to, in either language, or undefined for an unknown path. */
export function matchPage(pathname: string): PageRoute | undefined {
  const { path } = splitLocale(pathname);
  return compiled.find(({ re }) => re.test(path))?.route;
}

export function localizedPath(path: string, locale: 'zh' | 'en'): string {
  const clean = path.startsWith('/') ? path : '/' + path;
  if (locale === 'zh') return clean;
  return clean === '/' ? EN_PREFIX : EN_PREFIX + clean;
}
