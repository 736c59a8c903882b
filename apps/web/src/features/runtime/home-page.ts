/**
 * Which page of a device opens first (§3 configuration page: the start page). The product's pages
 * tab marks one main page as the start page; when none is marked the first main page in the list
 * opens. Child pages open only from other pages' buttons, never from the device.
 */
import type { PageSummary } from '../../api/designer.api.ts';

/** The pages a device offers in its menu: the main pages, in list order. */
export function listDeviceMenuPages(pages: readonly PageSummary[]): PageSummary[] {
  return pages.filter((page) => page.kind === 'main');
}

/** The page the device's pages button opens, or null when the product has no main page. */
export function pickHomePage(pages: readonly PageSummary[]): PageSummary | null {
  const main = listDeviceMenuPages(pages);
  return main.find((page) => page.isStart) ?? main[0] ?? null;
}

/** The address of a device's page; `start` opens its home page. */
export function devicePagePath(deviceId: string, pageId = 'start'): string {
  return `/monitor/devices/${encodeURIComponent(deviceId)}/pages/${encodeURIComponent(pageId)}`;
}
