/**
 * What belongs to a product beside its model, as a product document carries it (version 2):
 * designer pages, history reports, alarm groups and rules and the offline / power-off alarms.
 * Pure: checking a document's parts against the product's model and capacity, giving everything
 * new ids with the references between them rewritten, and leaving out what must not leave the
 * platform (page passwords, alarm recipients, robot and webhook addresses, knowledge links).
 */
import { CatalogueError, type Locale } from '@lyyp/contracts';
import {
  ALARM_CHANNEL_DEFINITIONS,
  alarmGroupsSchema,
  alarmRulesSchema,
  checkAlarmRuleCapacity,
  deviceStatusAlarmsSchema,
  findAlarmRuleIssues,
  type AlarmChannel,
  type AlarmGroup,
  type AlarmRule,
  type DeviceStatusAlarms,
} from '@lyyp/contracts/alarm';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { PageFile, PageId } from '@lyyp/contracts/designer';
import {
  checkReportCapacity,
  findReportIssues,
  reportDefinitionSchema,
  reportTriggerFormula,
  type ReportDefinition,
} from '@lyyp/contracts/report';
import { formulaErrorParams, validateFormula } from '@lyyp/formula';
import { z } from 'zod';
import { parsePageFile, withoutPassword } from '../designer/page-content.ts';
import { catalogueErrorOfIssue, prefixed } from './model-validation.ts';

export interface BundlePage {
  id: string;
  title: string;
  kind: 'main' | 'child';
  isStart: boolean;
  sortOrder: number;
  content: PageFile | null;
}

export interface ProductBundle {
  pages: BundlePage[];
  reports: ReportDefinition[];
  alarms: { groups: AlarmGroup[]; rules: AlarmRule[]; statusAlarms: DeviceStatusAlarms | null };
}

export const EMPTY_BUNDLE: ProductBundle = {
  pages: [],
  reports: [],
  alarms: { groups: [], rules: [], statusAlarms: null },
};

/** Channels that only work with an address of the group's own (robot, webhook). */
const channelsWithSettings = new Set<AlarmChannel>(
  (Object.keys(ALARM_CHANNEL_DEFINITIONS) as AlarmChannel[]).filter(
    (code) => ALARM_CHANNEL_DEFINITIONS[code].settingsSchema !== null,
  ),
);

/**
 * A group as it leaves the platform: no recipients (accounts of this platform) and no channel
 * that needs an address (those addresses carry keys); the in-app channel if nothing is left.
 */
export function portableGroup(group: AlarmGroup): AlarmGroup {
  const keep = (code: AlarmChannel) => !channelsWithSettings.has(code);
  const channels = group.channels.filter(keep);
  return {
    ...group,
    channels: channels.length > 0 ? channels : ['app'],
    channelSettings: {},
    recipients: [],
    escalation: group.escalation
      .map((step) => ({ ...step, channels: step.channels.filter(keep) }))
      .filter((step) => step.channels.length > 0),
  };
}

/** What an export carries: the stored parts without anything that must stay on this platform. */
export function portableBundle(bundle: ProductBundle): ProductBundle {
  return {
    pages: bundle.pages.map((page) => ({
      ...page,
      content: page.content
        ? withoutPassword({ ...page.content, con: { ...page.content.con, checkpwd: false } })
        : null,
    })),
    reports: bundle.reports,
    alarms: {
      groups: bundle.alarms.groups.map(portableGroup),
      rules: bundle.alarms.rules.map(({ articleId: _article, ...rule }) => rule),
      statusAlarms: bundle.alarms.statusAlarms,
    },
  };
}

const rawPageSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().trim().min(1).max(64),
  kind: z.enum(['main', 'child']).default('main'),
  isStart: z.boolean().default(false),
  sortOrder: z.number().int().default(0),
  content: z.record(z.string(), z.unknown()).nullable().default(null),
});

const rawBundleSchema = z.object({
  pages: z.array(rawPageSchema).default([]),
  reports: z.array(z.unknown()).default([]),
  alarms: z
    .object({
      groups: z.array(z.unknown()).default([]),
      rules: z.array(z.unknown()).default([]),
      statusAlarms: z.unknown().nullable().default(null),
    })
    .prefault({}),
});

export interface BundleCheckContext {
  model: DeviceModel;
  capacity: { reports: number; alarms: number };
  locale: Locale;
}

/** Parses `value` with `schema`, a failure naming its field under `json.<part>.`. */
function parsePart<T>(schema: z.ZodType<T>, value: unknown, part: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw catalogueErrorOfIssue(parsed.error.issues[0]!, prefixed(part ? `json.${part}.` : 'json.'));
}

function checkPages(pages: z.infer<typeof rawPageSchema>[]): BundlePage[] {
  const ids = new Set<string>();
  let starts = 0;
  return pages.map((page, index) => {
    if (ids.has(page.id)) throw new CatalogueError('1002', { field: `json.pages.${index}.id` });
    ids.add(page.id);
    if (page.isStart && ++starts > 1)
      throw new CatalogueError('1002', { field: `json.pages.${index}.isStart` });
    let content: PageFile | null = null;
    if (page.content) {
      try {
        content = parsePageFile(
          { con: page.content.con, widgets: page.content.widgets, bind: page.content.bind },
          { id: page.id, productId: '', title: page.title },
        );
      } catch (error) {
        if (error instanceof CatalogueError) {
          const field = typeof error.params?.field === 'string' ? error.params.field : 'con';
          throw new CatalogueError(error.code, {
            ...error.params,
            field: `json.pages.${index}.content.${field}`,
          });
        }
        throw error;
      }
    }
    return {
      ...page,
      content: content && { ...content, con: { ...content.con, checkpwd: false, password: '' } },
    };
  });
}

function checkReports(raw: unknown[], context: BundleCheckContext): ReportDefinition[] {
  const reports = parsePart(z.array(reportDefinitionSchema), raw, 'reports');
  const refusal = checkReportCapacity(reports.length, context.capacity.reports);
  if (refusal) throw new CatalogueError(refusal, { field: 'json.reports' });
  const names = new Set<string>();
  const ids = new Set<string>();
  const keys = context.model.variables.map((variable) => variable.key);
  reports.forEach((report, index) => {
    const at = (path: string) => `json.reports.${index}.${path}`;
    if (ids.has(report.id)) throw new CatalogueError('1002', { field: at('id') });
    ids.add(report.id);
    const [issue] = findReportIssues(report, context.model.variables);
    if (issue) throw new CatalogueError(issue.code, { ...issue.params, field: at(issue.path.join('.')) });
    const formula = reportTriggerFormula(report);
    if (report.storageMode === 'expression' && formula !== null) {
      const error = validateFormula(formula, keys);
      if (error)
        throw new CatalogueError(error.code, {
          ...formulaErrorParams(error, context.locale),
          field: at('expression'),
        });
    }
    const name = report.name.trim();
    if (names.has(name)) throw new CatalogueError('2304', { name: report.name, field: at('name') });
    names.add(name);
  });
  return reports;
}

function checkAlarms(raw: z.infer<typeof rawBundleSchema>['alarms'], context: BundleCheckContext) {
  // Recipients are accounts of the exporting platform: never taken over.
  const groups = parsePart(
    alarmGroupsSchema,
    raw.groups.map((group) =>
      typeof group === 'object' && group !== null ? { ...group, recipients: [] } : group,
    ),
    'alarms.groups',
  ).map(portableGroup);
  const rules = parsePart(alarmRulesSchema, raw.rules, 'alarms.rules').map(
    ({ articleId: _article, ...rule }): AlarmRule => rule,
  );
  const refusal = checkAlarmRuleCapacity(rules.length, context.capacity.alarms);
  if (refusal) throw new CatalogueError(refusal, { field: 'json.alarms.rules' });
  const groupIds = new Set(groups.map((group) => group.id));
  rules.forEach((rule, index) => {
    const [issue] = findAlarmRuleIssues(rule, { variables: context.model.variables, groupIds });
    if (issue)
      throw new CatalogueError(issue.code, {
        ...issue.params,
        field: `json.alarms.rules.${index}.${issue.path.join('.')}`,
      });
  });
  const statusAlarms =
    raw.statusAlarms === null || raw.statusAlarms === undefined
      ? null
      : parsePart(deviceStatusAlarmsSchema, raw.statusAlarms, 'alarms.statusAlarms');
  for (const [type, settings] of Object.entries(statusAlarms ?? {})) {
    const unknown = settings.groupIds.findIndex((id) => !groupIds.has(id));
    if (unknown >= 0)
      throw new CatalogueError('2101', {
        group: settings.groupIds[unknown]!,
        field: `json.alarms.statusAlarms.${type}.groupIds.${unknown}`,
      });
  }
  return { groups, rules, statusAlarms };
}

/**
 * The parts of a document checked against the model and capacity the new product will have.
 * Every refusal is a catalogue error naming the field inside the document (`json.reports.0.name`).
 */
export function checkBundle(raw: unknown, context: BundleCheckContext): ProductBundle {
  const parts = parsePart(rawBundleSchema, raw ?? {}, '');
  return {
    pages: checkPages(parts.pages),
    reports: checkReports(parts.reports, context),
    alarms: checkAlarms(parts.alarms, context),
  };
}

/** Every string value of `value` under a key in `keys` mapped through `rename` (deep). */
function renameReferences(
  value: unknown,
  keys: ReadonlySet<string>,
  rename: (id: string) => string,
): unknown {
  if (Array.isArray(value)) return value.map((item) => renameReferences(item, keys, rename));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      keys.has(key) && typeof item === 'string' ? rename(item) : renameReferences(item, keys, rename),
    ]),
  );
}

/** Keys of page content that hold a page id (click targets) or a report id (report widgets). */
const PAGE_REFERENCE_KEYS = new Set(['pageId']);
const REPORT_REFERENCE_KEYS = new Set(['reportId', 'customReportId']);

/**
 * An imported bundle's pages without references to pages or reports the document does not hold:
 * those ids name another product's (maybe another tenant's) parts on this platform, or nothing,
 * and an import never links to anything outside what it creates. They are left unset ('').
 */
export function withoutOutsideReferences(bundle: ProductBundle): ProductBundle {
  const pageIds = new Set(bundle.pages.map((page) => page.id));
  const reportIds = new Set(bundle.reports.map((report) => report.id));
  const within = (held: ReadonlySet<string>) => (id: string) => (held.has(id) ? id : '');
  return {
    ...bundle,
    pages: bundle.pages.map((page) =>
      page.content
        ? {
            ...page,
            content: {
              ...page.content,
              widgets: renameReferences(
                renameReferences(page.content.widgets, PAGE_REFERENCE_KEYS, within(pageIds)),
                REPORT_REFERENCE_KEYS,
                within(reportIds),
              ) as PageFile['widgets'],
            },
          }
        : page,
    ),
  };
}

/**
 * The bundle under new ids for the product `productId`: pages, reports and groups get ids from
 * `newId`, and every reference between them (a click's page, a report widget's report, a rule's
 * or status alarm's groups) follows. A reference to something the document does not hold is kept.
 */
export function renumberBundle(bundle: ProductBundle, productId: string, newId: () => string): ProductBundle {
  const mapOf = (ids: readonly string[]) => new Map(ids.map((id) => [id, newId()]));
  const pageIds = mapOf(bundle.pages.map((page) => page.id));
  const reportIds = mapOf(bundle.reports.map((report) => report.id));
  const groupIds = mapOf(bundle.alarms.groups.map((group) => group.id));
  const through = (map: Map<string, string>) => (id: string) => map.get(id) ?? id;
  const groupsOf = (ids: readonly string[]) => ids.map(through(groupIds));
  const pages = bundle.pages.map((page) => {
    const id = pageIds.get(page.id)!;
    if (!page.content) return { ...page, id };
    const widgets = renameReferences(
      renameReferences(page.content.widgets, PAGE_REFERENCE_KEYS, through(pageIds)),
      REPORT_REFERENCE_KEYS,
      through(reportIds),
    ) as PageFile['widgets'];
    return {
      ...page,
      id,
      content: { ...page.content, con: { ...page.content.con, id: id as PageId, productId }, widgets },
    };
  });
  const statusAlarms = bundle.alarms.statusAlarms;
  return {
    pages,
    reports: bundle.reports.map((report) => ({ ...report, id: reportIds.get(report.id)! })),
    alarms: {
      groups: bundle.alarms.groups.map((group) => ({ ...group, id: groupIds.get(group.id)! })),
      rules: bundle.alarms.rules.map((rule) => ({ ...rule, id: newId(), groupIds: groupsOf(rule.groupIds) })),
      statusAlarms: statusAlarms && {
        offline: { ...statusAlarms.offline, groupIds: groupsOf(statusAlarms.offline.groupIds) },
        'power-off': { ...statusAlarms['power-off'], groupIds: groupsOf(statusAlarms['power-off'].groupIds) },
      },
    },
  };
}
