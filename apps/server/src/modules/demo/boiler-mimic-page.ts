/**
 * The demo boiler product's start page: the process mimic drawn from the designer's symbol library
 * (`buildBoilerMimicPage`), stored like a page the developer saved, so the first page a newcomer
 * opens in the designer or on the boiler shows the designer's result.
 */
import { PageFileSchema } from '@lyyp/contracts/designer';
import { buildBoilerMimicPage, toPageFile } from '@lyyp/designer-core';
import type { Database } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { ProductPages } from '../designer/designer-page.repository.ts';

/**
 * Adds the mimic as the start page (a main page, first in the list) of the product the demo seed
 * has just created in the same transaction; answers the page's id.
 */
export async function seedBoilerMimicPage(db: Database, productId: string): Promise<string> {
  const id = newId();
  const file = PageFileSchema.parse(toPageFile(buildBoilerMimicPage({ id, productId })));
  await new ProductPages(db, productId).insert({
    id,
    title: file.con.title,
    kind: 'main',
    isStart: true,
    sortOrder: 0,
    content: file,
  });
  return id;
}
