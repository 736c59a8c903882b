/**
 * Turning what the server's `load` answered into the document the editor edits: the page's identity
 * and title come from the page list (renames do not touch the saved content); a page never saved
 * starts empty with the §3 defaults. History report tables saved before they were drawn get their
 * rows (`interval`) and variable list named, so the panel shows what they read.
 */
import type { PageDocument, Widget } from '@lyyp/contracts/designer';
import { createPage, isGroup, openPageFile, type DesignerDeps, type Result } from '@lyyp/designer-core';
import type { LoadedPage } from '../../api/designer.api.ts';
import { historyIntervalOf } from '../../widgets/complex/history-table.ts';

function completeWidget(widget: Widget): Widget {
  if (isGroup(widget)) return { ...widget, children: widget.children.map(completeWidget) };
  if (widget.widgetType !== 'ComplexHistory') return widget;
  const addon = widget.data.dataAddon;
  if (addon.interval !== undefined && addon.signalArray !== undefined) return widget;
  const dataAddon = { ...addon, interval: historyIntervalOf(addon), signalArray: addon.signalArray ?? [] };
  return { ...widget, data: { ...widget.data, dataAddon } };
}

/** The document with every history report table's rows and variable list named. */
export function completeHistoryTables(document: PageDocument): PageDocument {
  return { ...document, widgets: document.widgets.map(completeWidget) };
}

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
  const opened = openPageFile({ con: { ...con, ...identity }, widgets: loaded.widgets ?? [] }, deps);
  return opened.ok ? { ok: true, value: completeHistoryTables(opened.value) } : opened;
}
