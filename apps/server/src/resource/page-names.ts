import { type EntityPage, type Locale, antibioticTitleName, taxonTitleName } from '@mdc/contracts';
import type { Queryable } from '../db';

/**
 * The name a detail page puts in its title, looked up for the HTML the server sends, in the
 * same words the page itself uses once it has loaded. Undefined when there is no such entry (or
 * no reference data yet): the page then keeps its general title.
 */
export async function entityTitleName(db: Queryable, page: EntityPage, id: string, locale: Locale): Promise<string | undefined> {
  if (!id || id.length > 100) return undefined;
  if (page === 'resource-taxon-detail') {
    const rows = await db.query<{ name: string; name_zh: string | null }>(
      `SELECT t.name, coalesce(t.name_zh, c.name_zh) AS name_zh
         FROM taxon t LEFT JOIN taxon c ON c.mo = t.current_mo AND t.current_mo <> t.mo
        WHERE t.mo = $1`,
      [id],
    );
    const taxon = rows[0];
    return taxon && taxonTitleName({ name: taxon.name, nameZh: taxon.name_zh }, locale);
  }
  const rows = await db.query<{ code: string; name: string; name_zh: string | null }>('SELECT code, name, name_zh FROM antibiotic WHERE code = $1', [id.toUpperCase()]);
  const drug = rows[0];
  return drug && antibioticTitleName({ code: drug.code, name: drug.name, nameZh: drug.name_zh }, locale);
}
