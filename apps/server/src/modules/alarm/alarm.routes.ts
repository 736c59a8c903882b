/**
 * Alarm paths: a product's rules and groups (product editors), a person's own preferences, alarm
 * records (device, list across devices, export, acknowledgement, sends). Validate → call → answer;
 * shapes from `@lyyp/contracts/alarm`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALARM_API_PATHS,
  acknowledgeAnswerSchema,
  acknowledgeRequestSchema,
  alarmGroupSchema,
  alarmRecordItemSchema,
  alarmRuleSchema,
  deviceRecordsBodySchema,
  deviceRulesAnswerSchema,
  deviceRulesBodySchema,
  deviceStatusAlarmsSchema,
  groupAddBodySchema,
  groupDeleteBodySchema,
  groupEditBodySchema,
  groupListAnswerSchema,
  myAlarmGroupsAnswerSchema,
  notificationSendSchema,
  pageAnswerSchema,
  preferencesAnswerSchema,
  preferencesSaveBodySchema,
  productIdBodySchema,
  recordExportBodySchema,
  recordIdBodySchema,
  recordListBodySchema,
  recipientSearchAnswerSchema,
  recipientSearchBodySchema,
  ruleAddBodySchema,
  ruleDeleteBodySchema,
  ruleEditBodySchema,
  ruleEnableBodySchema,
  ruleListAnswerSchema,
  statusAlarmsBodySchema,
} from '@lyyp/contracts/alarm';
import { ok } from '../../lib/envelope.ts';
import { callerOf, sendFile } from '../product/catalogue-route.ts';
import { SHEET_CONTENT_TYPES } from '../product/spreadsheet.ts';
import type { AlarmConfigService } from './alarm-config.service.ts';
import type { AlarmRecipientsService } from './alarm-recipients.service.ts';
import type { AlarmRecordsService } from './alarm-records.service.ts';
import { alarmRoute } from './alarm-route.ts';

export interface AlarmRoutesOptions {
  readonly config: AlarmConfigService;
  readonly records: AlarmRecordsService;
  readonly recipients: AlarmRecipientsService;
}

const PAGED_RECORDS = pageAnswerSchema(alarmRecordItemSchema);

export function registerAlarmRoutes(
  app: FastifyInstance,
  { config, records, recipients }: AlarmRoutesOptions,
) {
  const ruleTags = ['alarm rules'];
  const groupTags = ['alarm groups'];
  const recordTags = ['alarm records'];
  const view = app.allow('alarmRule.view');
  const edit = app.allow('alarmRule.edit');
  const signedIn = app.allow('account.preferences');
  // §6: without the alarm permission the answer says so (2116) rather than the generic 1201.
  const viewAlarms = app.allow('alarmRecord.view');
  const acknowledge = app.allow('alarmRecord.acknowledge');
  const exportRecords = app.allow('alarmRecord.export');

  // Rules ---------------------------------------------------------------------------------------------
  alarmRoute(
    app,
    ALARM_API_PATHS.ruleList,
    {
      tags: ruleTags,
      summary: 'A product’s alarm rules, offline/power-off alarms and capacity used/total',
      guard: view,
      body: productIdBodySchema,
      answer: ruleListAnswerSchema,
    },
    async (request) => ok(await config.listRules(callerOf(request), request.body.productId)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.ruleAdd,
    {
      tags: ruleTags,
      summary: 'Add a rule (send JSON: { productId, rule }); 1512 beyond capacity',
      description:
        'The rule takes effect on every device of the product at the next stored value, without a restart. Errors: 1512 capacity, 2101 group, 2102 variable, 2103 type, 2104–2107, 2115.',
      guard: edit,
      body: ruleAddBodySchema,
      answer: alarmRuleSchema,
    },
    async (request) => ok(await config.addRule(callerOf(request), request.body.productId, request.body.rule)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.ruleEdit,
    {
      tags: ruleTags,
      summary: 'Edit a rule; changing what decides the alarm releases an active one (rule changed)',
      guard: edit,
      body: ruleEditBodySchema,
      answer: alarmRuleSchema,
    },
    async (request) =>
      ok(await config.editRule(callerOf(request), request.body.productId, request.body.rule)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.ruleEnable,
    {
      tags: ruleTags,
      summary: 'Enable or disable a rule; disabling releases its active alarms',
      guard: edit,
      body: ruleEnableBodySchema,
      answer: alarmRuleSchema,
    },
    async (request) =>
      ok(
        await config.setRuleEnabled(
          callerOf(request),
          request.body.productId,
          request.body.id,
          request.body.enabled,
        ),
      ),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.ruleDelete,
    {
      tags: ruleTags,
      summary: 'Delete a rule; its active alarms release (rule deleted)',
      guard: edit,
      body: ruleDeleteBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await config.deleteRule(callerOf(request), request.body.productId, request.body.id);
      return ok(null);
    },
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.statusAlarmsSave,
    {
      tags: ruleTags,
      summary: 'Save the product’s offline and power-off alarms (delay, groups, push methods, text)',
      guard: edit,
      body: statusAlarmsBodySchema,
      answer: deviceStatusAlarmsSchema,
    },
    async (request) =>
      ok(await config.saveStatusAlarms(callerOf(request), request.body.productId, request.body.statusAlarms)),
  );

  // Groups --------------------------------------------------------------------------------------------
  alarmRoute(
    app,
    ALARM_API_PATHS.groupList,
    {
      tags: groupTags,
      summary: 'A product’s alarm groups',
      guard: view,
      body: productIdBodySchema,
      answer: groupListAnswerSchema,
    },
    async (request) => ok(await config.listGroups(callerOf(request), request.body.productId)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.groupAdd,
    {
      tags: groupTags,
      summary: 'Add an alarm group (JSON: { productId, group }): recipients × channels, ladder, repeats',
      description:
        'Errors: 2109 channel not allowed, 2110 settings missing, 2112 address not http/https, 2113/2114 ladder, 2118 recipient.',
      guard: edit,
      body: groupAddBodySchema,
      answer: alarmGroupSchema,
    },
    async (request) =>
      ok(await config.addGroup(callerOf(request), request.body.productId, request.body.group)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.groupEdit,
    {
      tags: groupTags,
      summary: 'Edit an alarm group',
      guard: edit,
      body: groupEditBodySchema,
      answer: alarmGroupSchema,
    },
    async (request) =>
      ok(await config.editGroup(callerOf(request), request.body.productId, request.body.group)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.groupDelete,
    {
      tags: groupTags,
      summary: 'Delete an alarm group no rule uses (2117 while one does)',
      guard: edit,
      body: groupDeleteBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await config.deleteGroup(callerOf(request), request.body.productId, request.body.id);
      return ok(null);
    },
  );

  alarmRoute(
    app,
    ALARM_API_PATHS.recipientSearch,
    {
      tags: groupTags,
      summary: 'Find people for a group: accounts that may see the product’s devices, by name or phone',
      description:
        'Matches part of a name or user name, a whole phone number or its last four digits; phones are masked. `accountIds` also answers those present recipients (for their names), marked when they no longer see the devices.',
      guard: edit,
      body: recipientSearchBodySchema,
      answer: recipientSearchAnswerSchema,
    },
    async (request) => ok(await recipients.search(callerOf(request), request.body)),
  );

  // Preferences ---------------------------------------------------------------------------------------
  alarmRoute(
    app,
    ALARM_API_PATHS.myGroups,
    {
      tags: groupTags,
      summary: 'The alarm groups I am in: what each allows me and what I chose',
      guard: signedIn,
      answer: myAlarmGroupsAnswerSchema,
    },
    async (request) => ok(await recipients.myGroups(callerOf(request))),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.preferencesGet,
    {
      tags: groupTags,
      summary: 'My channel choices per group and my quiet hours',
      guard: signedIn,
      answer: preferencesAnswerSchema,
    },
    async (request) => ok(await config.preferences(callerOf(request))),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.preferencesSave,
    {
      tags: groupTags,
      summary: 'Save my time zone, quiet hours and per-group channel choices (JSON: { preferences })',
      guard: signedIn,
      body: preferencesSaveBodySchema,
      answer: preferencesAnswerSchema,
    },
    async (request) => ok(await config.savePreferences(callerOf(request), request.body.preferences)),
  );

  alarmRoute(
    app,
    ALARM_API_PATHS.deviceRules,
    {
      tags: ruleTags,
      summary:
        'The alarm rules a device is checked against (its product’s), for the device’s management wizard',
      description:
        'Groups are named without their recipients. 2116 without permission to view alarm records; a device the caller may not see is 1003.',
      guard: viewAlarms,
      body: deviceRulesBodySchema,
      answer: deviceRulesAnswerSchema,
    },
    async (request) => ok(await records.deviceRules(callerOf(request).account, request.body.equipmentId)),
  );

  // Records -------------------------------------------------------------------------------------------
  alarmRoute(
    app,
    ALARM_API_PATHS.deviceRecords,
    {
      tags: recordTags,
      summary: 'Alarm records of a device (device detail tab), newest first',
      description: '2116 without permission to view alarm records; a device the caller may not see is 1003.',
      guard: viewAlarms,
      body: deviceRecordsBodySchema,
      answer: PAGED_RECORDS,
    },
    async (request) => {
      const { equipmentId, ...rest } = request.body;
      const caller = callerOf(request);
      return ok(
        await records.deviceRecords(caller.account, { deviceId: equipmentId, ...rest }, caller.locale),
      );
    },
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.recordList,
    {
      tags: recordTags,
      summary: 'Alarms across every device I may see: state, device, group, type, time range ≤ 30 days',
      guard: viewAlarms,
      body: recordListBodySchema,
      answer: PAGED_RECORDS,
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(await records.list(caller.account, request.body, caller.locale));
    },
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.recordExport,
    {
      tags: recordTags,
      summary: 'Export the alarm list (same filters) as XLSX or CSV; the answer is the file',
      guard: exportRecords,
      body: recordExportBodySchema,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await records.export(caller.account, request.body, caller.locale);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[file.format],
        bytes: file.bytes,
      });
    },
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.acknowledge,
    {
      tags: recordTags,
      summary: 'Acknowledge one or many records (active or cleared) with a comment',
      description:
        'A record of a device the caller may not see is 1003 and nothing is acknowledged; one record already acknowledged is 2108.',
      guard: acknowledge,
      body: acknowledgeRequestSchema,
      answer: acknowledgeAnswerSchema,
    },
    async (request) =>
      ok(await records.acknowledge(callerOf(request).account, request.body.ids, request.body.comment)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.recordSends,
    {
      tags: recordTags,
      summary: 'The notifications of a record with every attempt and its error',
      guard: viewAlarms,
      body: recordIdBodySchema,
      answer: z.array(notificationSendSchema),
    },
    async (request) => ok(await records.sends(callerOf(request).account, request.body.id)),
  );
}
