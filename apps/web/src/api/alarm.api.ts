/**
 * Typed calls of alarms (`/alarm/*`) and SIM cards (`/sim/*`): a product's rules, offline and
 * power-off alarms and groups, a person's notification preferences, alarm records (per device,
 * across devices, export, acknowledgement, send attempts). Paths, requests and answers are the
 * contract's (`@lyyp/contracts/alarm`). Recipients are found with `searchRecipients`. Rules, groups and preferences are nested bodies whose
 * numbers and booleans must keep their types, so they go as JSON.
 */
import {
  ALARM_API_PATHS,
  type AlarmGroup,
  type AlarmGroupInput,
  type AlarmRule,
  type AlarmRuleInput,
  type DeviceRulesAnswer,
  type DeviceStatusAlarms,
  type MyAlarmGroup,
  type NotificationPreferences,
  type RecipientSearchAnswer,
  type RecipientSearchBody,
  type NotificationSend,
  type RecordListBody,
  type RuleListAnswer,
  type acknowledgeAnswerSchema,
  type deviceRecordsBodySchema,
  type groupListAnswerSchema,
  type pageAnswerSchema,
  type simEditBodySchema,
  type simImportAnswerSchema,
  type simListBodySchema,
  type simRenewAnswerSchema,
  type SimRenewBody,
  type alarmRecordItemSchema,
  type simCardItemSchema,
} from '@lyyp/contracts/alarm';
import type { z } from 'zod';
import { fileApi } from './catalogue.api.ts';
import type { FileApi } from './catalogue-files.ts';
import { type ApiClient, JSON_BODY } from './client.ts';
import { productItemCalls } from './product-items.ts';
import { apiClient } from './instance.ts';

export type {
  AlarmGroup,
  AlarmRecordItem,
  AlarmRule,
  DeviceRulesAnswer,
  DeviceStatusAlarms,
  MyAlarmGroup,
  NotificationPreferences,
  RecipientCandidate,
  RecipientSearchAnswer,
  NotificationSend,
  RecordListBody,
  RuleListAnswer,
  SimCardItem,
} from '@lyyp/contracts/alarm';

/** The answers and bodies the contract names by schema only. */
export type AlarmRecordPage = z.infer<ReturnType<typeof pageAnswerSchema<typeof alarmRecordItemSchema>>>;
export type SimCardPage = z.infer<ReturnType<typeof pageAnswerSchema<typeof simCardItemSchema>>>;
export type AlarmGroupList = z.infer<typeof groupListAnswerSchema>;
export type AcknowledgeResult = z.infer<typeof acknowledgeAnswerSchema>;
export type DeviceRecordQuery = z.input<typeof deviceRecordsBodySchema>;
export type SimQuery = z.input<typeof simListBodySchema>;
export type SimChange = z.input<typeof simEditBodySchema>;
export type SimImportResult = z.infer<typeof simImportAnswerSchema>;
export type SimRenewResult = z.infer<typeof simRenewAnswerSchema>;
export type AlarmExportFormat = 'csv' | 'xlsx';

export function createAlarmApi(client: ApiClient, files: FileApi) {
  const rules = productItemCalls<AlarmRule, AlarmRuleInput>(client, 'rule', {
    add: ALARM_API_PATHS.ruleAdd,
    edit: ALARM_API_PATHS.ruleEdit,
    delete: ALARM_API_PATHS.ruleDelete,
  });
  const groups = productItemCalls<AlarmGroup, AlarmGroupInput>(client, 'group', {
    add: ALARM_API_PATHS.groupAdd,
    edit: ALARM_API_PATHS.groupEdit,
    delete: ALARM_API_PATHS.groupDelete,
  });
  return {
    listRules: (productId: string) => client.post<RuleListAnswer>(ALARM_API_PATHS.ruleList, { productId }),
    addRule: rules.add,
    editRule: rules.edit,
    deleteRule: rules.remove,
    enableRule: (productId: string, id: string, enabled: boolean) =>
      client.post<AlarmRule>(ALARM_API_PATHS.ruleEnable, { productId, id, enabled }, JSON_BODY),
    saveStatusAlarms: (productId: string, statusAlarms: DeviceStatusAlarms) =>
      client.post<DeviceStatusAlarms>(
        ALARM_API_PATHS.statusAlarmsSave,
        { productId, statusAlarms },
        JSON_BODY,
      ),

    deviceRules: (equipmentId: string) =>
      client.post<DeviceRulesAnswer>(ALARM_API_PATHS.deviceRules, { equipmentId }),
    listGroups: (productId: string) => client.post<AlarmGroupList>(ALARM_API_PATHS.groupList, { productId }),
    addGroup: groups.add,
    editGroup: groups.edit,
    deleteGroup: groups.remove,
    searchRecipients: (search: RecipientSearchBody) =>
      client.post<RecipientSearchAnswer>(ALARM_API_PATHS.recipientSearch, { ...search }, JSON_BODY),

    getPreferences: () => client.post<NotificationPreferences>(ALARM_API_PATHS.preferencesGet),
    myGroups: () => client.post<MyAlarmGroup[]>(ALARM_API_PATHS.myGroups),
    savePreferences: (preferences: NotificationPreferences) =>
      client.post<NotificationPreferences>(ALARM_API_PATHS.preferencesSave, { preferences }, JSON_BODY),

    deviceRecords: (query: DeviceRecordQuery) =>
      client.post<AlarmRecordPage>(ALARM_API_PATHS.deviceRecords, { ...query }),
    listRecords: (query: RecordListBody) =>
      client.post<AlarmRecordPage>(ALARM_API_PATHS.recordList, { ...query }),
    exportRecords: (
      query: Omit<RecordListBody, 'page' | 'pageSize'>,
      format: AlarmExportFormat,
      timeZone: string,
    ) => files.download(ALARM_API_PATHS.recordExport, { ...query, format, timeZone }, `alarms.${format}`),
    acknowledge: (ids: readonly string[], comment: string) =>
      client.post<AcknowledgeResult>(ALARM_API_PATHS.acknowledge, { ids: [...ids], comment }, JSON_BODY),
    recordSends: (id: string) => client.post<NotificationSend[]>(ALARM_API_PATHS.recordSends, { id }),

    listSims: (query: SimQuery) => client.post<SimCardPage>(ALARM_API_PATHS.simList, { ...query }),
    editSim: (change: SimChange) => client.post<null>(ALARM_API_PATHS.simEdit, { ...change }, JSON_BODY),
    renewSim: (renewal: SimRenewBody) =>
      client.post<SimRenewResult>(ALARM_API_PATHS.simRenew, { ...renewal }, JSON_BODY),
    importSims: (file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return client.upload<SimImportResult>(ALARM_API_PATHS.simImport, form);
    },
  };
}

export type AlarmApi = ReturnType<typeof createAlarmApi>;

export const alarmApi = createAlarmApi(apiClient, fileApi);
