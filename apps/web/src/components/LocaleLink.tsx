import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { useLocalePath } from '../lib/i18n/hooks';

/** A link whose `to` is written without locale prefix (`/lab`) and stays in the current language. */
export const LocaleLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'to'> & { to: string }>(function LocaleLink(
  { to, ...rest },
  ref,
) {
  const lp = useLocalePath();
  return <Link ref={ref} to={lp(to)} {...rest} />;
});

export const LocaleNavLink = forwardRef<HTMLAnchorElement, Omit<NavLinkProps, 'to'> & { to: string }>(
  function LocaleNavLink({ to, ...rest }, ref) {
    const lp = useLocalePath();
    return <NavLink ref={ref} to={lp(to)} {...rest} />;
  },
);
