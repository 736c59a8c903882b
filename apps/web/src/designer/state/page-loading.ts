/**
 * Turning what the server's `load` answered into the document the editor edits: the page's identity
 * and title come from the page list (renames do not touch the saved content); a page never saved
 * starts empty with the §3 defaults.
 */
import type { PageDocument } from '@lyyp/contracts/designer';
import { createPage, openPageFile, type DesignerDeps, type Result } from '@lyyp/designer-core';
import type { LoadedPage } from '../../api/designer.api.ts';

export function openLoadedPage(
  loaded: Pick<LoadedPage, 'con' | 'widgets' | 'summary'>,
  productId: string,
  deps: Pick<DesignerDeps, 'createId'>,
): Result<PageDocument> {
  const identity = { id: loaded.summary.id, productId, title: loaded.summary.title };
  const con = loaded.con as Record<string, unknown> | null;
  if (!con || Object.keys(con).length === 0) {
    return { ok: true, value: createPage(identity) };
  }
  return openPageFile({ con: { ...con, ...identity }, widgets: loaded.widgets ?? [] }, deps);
}
