import { useEffect } from 'react';

/**
 * Puts the entity's name in front of the page title once it is known, so a bookmark or a tab
 * says "Escherichia coli · 分类单元详情 …". The frame sets the page's own title on every route
 * change, after the page's effects: waiting a tick lets it go first.
 */
export function useEntityTitle(name: string | undefined): void {
  useEffect(() => {
    if (!name) return undefined;
    const timer = setTimeout(() => {
      if (!document.title.startsWith(`${name} · `)) document.title = `${name} · ${document.title}`;
    }, 0);
    return () => clearTimeout(timer);
  }, [name]);
}
