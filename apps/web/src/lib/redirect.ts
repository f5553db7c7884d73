import { localizedPath, matchPage, type Locale } from '@mdc/contracts';

const ORIGIN = 'http://mdc.invalid';

/**
 * A `redirect` value we are willing to follow: a path on this site. Anything that could leave the
 * site (`//host`, `/\host`, `https:`) or that is not a path is refused.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return null;
  try {
    const url = new URL(trimmed, ORIGIN);
    if (url.origin !== ORIGIN) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Pages that only exist to send the visitor somewhere else afterwards. */
const PASS_THROUGH = new Set(['login', 'updatePassword']);

/**
 * Where to come back to after logging in, given the page the visitor is on. On the login page (or
 * the password page it leads to) the earlier `redirect` is reused instead of nesting a new one, so
 * `/login?redirect=/login?redirect=/lab/hist` can never build up.
 */
export function returnTarget(current: string): string | null {
  let target = safeRedirect(current);
  for (let depth = 0; target && depth < 10; depth += 1) {
    const url = new URL(target, ORIGIN);
    const page = matchPage(url.pathname);
    if (!page || !PASS_THROUGH.has(page.name)) return target;
    target = safeRedirect(url.searchParams.get('redirect'));
  }
  return target;
}

/** The login page of `locale`, with a way back to `current` when there is one. */
export function loginUrl(locale: Locale, current?: string | null): string {
  const base = localizedPath('/login', locale);
  const target = current ? returnTarget(current) : null;
  return target ? `${base}?redirect=${encodeURIComponent(target)}` : base;
}

/** After logging in: the requested page, else the home page of `locale`. */
export function afterLoginUrl(redirect: string | null | undefined, locale: Locale): string {
  return (redirect ? returnTarget(redirect) : null) ?? localizedPath('/', locale);
}
