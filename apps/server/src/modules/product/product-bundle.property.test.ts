/**
 * Renumbering a product's parts for an import: whatever the document holds, the result is the same
 * document but for ids, no id of the source survives, and every reference between parts (a click's
 * page, a report widget's report, a rule's or status alarm's groups) names the part it named before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageFile } from '@lyyp/contracts/designer';
import type { AlarmGroup, AlarmRule, DeviceStatusAlarms } from '@lyyp/contracts/alarm';
import type { ReportDefinition } from '@lyyp/contracts/report';
import { renumberBundle, type ProductBundle } from './product-bundle.ts';
import { normaliseIds } from './product-bundle.test-support.ts';

const idArbitrary = fc.string({ minLength: 1, maxLength: 8 }).map((text) => `src-${text}`);

/** A bundle whose references point at its own parts (or, sometimes, at nothing it holds). */
const bundleArbitrary = fc
  .record({
    pageIds: fc.uniqueArray(idArbitrary, { minLength: 1, maxLength: 4 }),
    reportIds: fc.uniqueArray(idArbitrary, { maxLength: 3 }),
    groupIds: fc.uniqueArray(idArbitrary, { maxLength: 3 }),
    ruleCount: fc.nat({ max: 4 }),
    picks: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  })
  .filter(
    ({ pageIds, reportIds, groupIds }) =>
      new Set([...pageIds, ...reportIds, ...groupIds]).size ===
      pageIds.length + reportIds.length + groupIds.length,
  )
  .map(({ pageIds, reportIds, groupIds, ruleCount, picks }): ProductBundle => {
    let cursor = 0;
    const pick = <T>(list: readonly T[], fallback: T): T =>
      list.length === 0 ? fallback : list[picks[cursor++ % picks.length]! % list.length]!;
    const widgets = pageIds.map((_, index) => ({
      id: `widget-${index}`,
      event: { pageId: pick(pageIds, '') },
      data: { dataAddon: { reportId: pick(reportIds, 'elsewhere'), customReportId: '' } },
      children: [{ id: `child-${index}`, event: { pageId: pick(pageIds, '') } }],
    }));
    const groupsOf = () => (groupIds.length === 0 ? [] : [pick(groupIds, '')]);
    const statusAlarms = {
      offline: { groupIds: groupsOf() },
      'power-off': { groupIds: groupsOf() },
    } as unknown as DeviceStatusAlarms;
    return {
      pages: pageIds.map((id, index) => ({
        id,
        title: `Page ${index}`,
        kind: index === 0 ? 'main' : 'child',
        isStart: index === 0,
        sortOrder: index,
        content: {
          con: { id, productId: 'source-product', title: `Page ${index}` },
          widgets: [widgets[index]],
          bind: { equips: [], signals: [], keys: [], mvars: [] },
        } as unknown as PageFile,
      })),
      reports: reportIds.map((id, index) => ({ id, name: `Report ${index}` }) as unknown as ReportDefinition),
      alarms: {
        groups: groupIds.map((id, index) => ({ id, name: `Group ${index}` }) as unknown as AlarmGroup),
        rules: Array.from(
          { length: ruleCount },
          (_, index) => ({ id: `rule-${index}`, groupIds: groupsOf() }) as unknown as AlarmRule,
        ),
        statusAlarms,
      },
    };
  });

describe('renumbering a product bundle', () => {
  it('keeps the document but for ids, with every reference following its part', () => {
    fc.assert(
      fc.property(bundleArbitrary, (bundle) => {
        let next = 0;
        const renumbered = renumberBundle(bundle, 'new-product', () => `new-${++next}`);
        expect(normaliseIds(renumbered)).toEqual(normaliseIds(bundle));
        const text = JSON.stringify(renumbered);
        const sourceIds = [
          ...bundle.pages.map((page) => page.id),
          ...bundle.reports.map((report) => report.id),
          ...bundle.alarms.groups.map((group) => group.id),
          ...bundle.alarms.rules.map((rule) => rule.id),
        ];
        for (const id of sourceIds) expect(text).not.toContain(JSON.stringify(id));
        for (const page of renumbered.pages) {
          expect(page.content?.con.id).toBe(page.id);
          expect(page.content?.con.productId).toBe('new-product');
        }
      }),
    );
  });
});
