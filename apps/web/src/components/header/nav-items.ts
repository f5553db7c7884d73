/** Entries of the main navigation in the header (the drawer lists them with icons). */
export const mainNav = [
  { key: 'resource', path: '/resource' },
  { key: 'lab', path: '/lab' },
  { key: 'blast', path: '/blast' },
] as const;

/** The change-password page, with the way back and the e-mail to prefill. */
export function changePasswordPath(current: string, email: string | null): string {
  const query = new URLSearchParams({ redirect: current });
  if (email) query.set('email', email);
  return `/updatePassword?${query.toString()}`;
}
