/** §9 page limits, checked whenever an edit could add to what they count. */
import {
  countPageWidgets,
  PAGE_WIDGET_LIMITS,
  type DesignerRejectionReason,
  type PageDocument,
  type PageWidgetCounts,
} from '@lyyp/contracts/designer';
import { accept, reject, type Result } from '../model/result.ts';

const REASONS: Readonly<Record<keyof PageWidgetCounts, DesignerRejectionReason>> = {
  total: 'widget-limit',
  weather: 'weather-limit',
  reportLines: 'report-line-limit',
  webgl: 'webgl-limit',
};

/**
 * Accepts `after` unless it breaks a limit that `before` did not already break as badly, so a page
 * opened over a limit can still be edited down.
 */
export function checkWidgetLimits(before: PageDocument, after: PageDocument): Result<PageDocument> {
  const was = countPageWidgets(before.widgets);
  const now = countPageWidgets(after.widgets);
  for (const key of Object.keys(REASONS) as (keyof PageWidgetCounts)[]) {
    if (now[key] > PAGE_WIDGET_LIMITS[key] && now[key] > was[key]) {
      return reject(REASONS[key], { max: PAGE_WIDGET_LIMITS[key] });
    }
  }
  return accept(after);
}
