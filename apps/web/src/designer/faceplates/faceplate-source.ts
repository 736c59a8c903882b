/**
 * What "save as faceplate" turns into a template: the selected group (or the whole page when
 * nothing is selected), and which devices become which parameter. Widgets bound on the page's own
 * device (no device named) stand for the parameter the designer names; a selected faceplate
 * instance becomes the next version of its template, its devices turned back into its parameters.
 */
import type { FaceplateTemplate, GroupWidget, PageDocument, WidgetId } from '@lyyp/contracts/designer';
import { createFaceplateTemplate, templateFromGroup, type Result } from '@lyyp/designer-core';

export type FaceplateSource =
  | { readonly kind: 'group'; readonly group: GroupWidget }
  | { readonly kind: 'instance'; readonly group: GroupWidget; readonly templateId: string }
  | { readonly kind: 'page' };

/** The source the current selection gives; null when it gives none (several widgets, one leaf). */
export function faceplateSourceOf(
  document: PageDocument,
  selection: readonly WidgetId[],
): FaceplateSource | null {
  if (selection.length === 0) return document.widgets.length > 0 ? { kind: 'page' } : null;
  if (selection.length !== 1) return null;
  const widget = document.widgets.find((item) => item.id === selection[0]);
  if (!widget || widget.widgetType !== 'WidgetGroup') return null;
  return widget.faceplate
    ? { kind: 'instance', group: widget, templateId: widget.faceplate.templateId }
    : { kind: 'group', group: widget };
}

export interface TemplateRequest {
  readonly id: string;
  readonly title: string;
  /** The parameter the page's own device becomes. */
  readonly parameter: string;
  /** The stored template a selected instance belongs to (its next version is made). */
  readonly stored?: FaceplateTemplate | undefined;
}

export function buildTemplate(
  document: PageDocument,
  source: FaceplateSource,
  request: TemplateRequest,
): Result<FaceplateTemplate> {
  if (source.kind === 'page') {
    return createFaceplateTemplate({
      id: request.id,
      title: request.title,
      widgets: document.widgets,
      parameterize: { '': request.parameter },
    });
  }
  if (source.kind === 'group') {
    return templateFromGroup(source.group, {
      id: request.id,
      title: request.title,
      parameterize: { '': request.parameter },
    });
  }
  // An instance: each of its devices back to the parameter it stands for.
  const parameterize = Object.fromEntries(
    Object.entries(source.group.faceplate?.parameters ?? {}).map(([name, device]) => [device.equipId, name]),
  );
  return templateFromGroup(source.group, {
    id: source.templateId,
    title: request.title,
    parameterize,
    previousVersion: request.stored?.version ?? source.group.faceplate?.version ?? 0,
  });
}
