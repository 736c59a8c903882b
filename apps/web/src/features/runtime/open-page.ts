/**
 * A page as the server hands it to a viewer, opened for running: migrated and checked by the
 * designer's own `openPageFile`. Addresses the URL rule refuses (a `javascript:` link saved before
 * the rule existed) come out empty, so the page still opens and that link does nothing.
 */
import type { PageDocument } from '@lyyp/contracts/designer';
import { openPageFile, type Result } from '@lyyp/designer-core';
import type { OpenedPage } from '@lyyp/contracts';

/** Group ids made up while opening a legacy page; `randomUUID` needs a secure context. */
const createId = () => crypto.getRandomValues(new Uint32Array(2)).join('');

export function openRunningPage(file: OpenedPage): Result<PageDocument> {
  return openPageFile(file, { createId });
}
