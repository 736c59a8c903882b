/**
 * Message centre paths (list by type, unread counts for the header, mark read), announcements by
 * operation staff, the notice dialog after sign-in, and SIM cards (operation staff).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALARM_API_PATHS,
  announcementBodySchema,
  markMessagesReadSchema,
  messageItemSchema,
  messageListBodySchema,
  noticeDialogAnswerSchema,
  pageAnswerSchema,
  simCardItemSchema,
  simEditBodySchema,
  simImportAnswerSchema,
  simListBodySchema,
  simRenewAnswerSchema,
  simRenewBodySchema,
  unreadAnswerSchema,
} from '@lyyp/contracts/alarm';
import { ok } from '../../lib/envelope.ts';
import { bytesOf, callerOf, uploadedFile } from '../product/catalogue-route.ts';
import { alarmRoute } from './alarm-route.ts';
import type { MessageService } from './message.service.ts';

export function registerMessageRoutes(app: FastifyInstance, messages: MessageService) {
  const tags = ['messages'];
  const simTags = ['SIM cards'];
  const signedIn = app.allow('message.read');
  const announce = app.allow('announcement.publish');
  const sims = app.allow('sim.manage');

  alarmRoute(
    app,
    ALARM_API_PATHS.messageList,
    {
      tags,
      summary:
        'My messages, newest first; filter by type (alarm, expiration, announcement, work-order) and status',
      guard: signedIn,
      body: messageListBodySchema,
      answer: pageAnswerSchema(messageItemSchema),
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(await messages.list(caller.account, request.body, caller.locale));
    },
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.messageUnread,
    {
      tags,
      summary: 'Unread messages per type, and the header’s pop-up count (alarm, expiration, announcement)',
      guard: signedIn,
      answer: unreadAnswerSchema,
    },
    async (request) => ok(await messages.unread(callerOf(request).account)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.messageRead,
    {
      tags,
      summary: 'Mark read: { scope: "selected", ids } or { scope: "all", type? }',
      guard: signedIn,
      body: markMessagesReadSchema,
      answer: z.object({ marked: z.number().int() }),
    },
    async (request) => ok(await messages.markRead(callerOf(request).account, request.body)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.announcementPublish,
    {
      tags,
      summary: 'Publish an announcement to everyone (operation staff); popup: also in the notice dialog',
      guard: announce,
      body: announcementBodySchema,
      answer: messageItemSchema,
    },
    async (request) => ok(await messages.publishAnnouncement(callerOf(request).account, request.body)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.noticeDialog,
    {
      tags,
      summary: 'Notice dialog items after sign-in (§3): unread announcements and SIM expiry reminders',
      guard: signedIn,
      answer: noticeDialogAnswerSchema,
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(await messages.noticeDialog(caller.account, caller.locale));
    },
  );

  alarmRoute(
    app,
    ALARM_API_PATHS.simList,
    {
      tags: simTags,
      summary: 'SIM cards with status (active, about to expire, expired, shut down), days left and device',
      guard: sims,
      body: simListBodySchema,
      answer: pageAnswerSchema(simCardItemSchema),
    },
    async (request) => ok(await messages.listSims(request.body)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.simEdit,
    {
      tags: simTags,
      summary: 'Create or edit a SIM card: expiry (epoch ms), shut down, operator, remark',
      guard: sims,
      body: simEditBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await messages.editSim(request.body);
      return ok(null);
    },
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.simRenew,
    {
      tags: simTags,
      summary:
        'Record a paid data-plan renewal: the end moves on by the months, the device owner gets the order',
      description:
        'The new end counts from the old end, or from now when the card has ended; reminders start again and a shut-down card is active again. 2120 for an unknown card.',
      guard: sims,
      body: simRenewBodySchema,
      answer: simRenewAnswerSchema,
    },
    async (request) => ok(await messages.renewSim(request.body)),
  );
  alarmRoute(
    app,
    ALARM_API_PATHS.simImport,
    {
      tags: simTags,
      summary:
        'Import SIM cards from XLSX or CSV (multipart `file`, or base64 text): ICCID, expiry date, operator, shut down, remark',
      description: 'A bad row answers 2119 naming the row, and nothing is imported.',
      guard: sims,
      body: z.object({ file: uploadedFile }),
      answer: simImportAnswerSchema,
    },
    async (request) => ok(await messages.importSims(bytesOf(request.body.file))),
  );
}
