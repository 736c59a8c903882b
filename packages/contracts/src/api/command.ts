/**
 * Device commands (§4 async command flow, §7): read and write a variable, the callback that answers
 * a command's state by uuid, and the sync button that sends a device's configuration again.
 */
import { z } from 'zod';
import { COMMAND_STATUSES } from '../commands/polling.ts';
import { pointValueSchema } from '../protocol/payloads.ts';
import { CONFIG_SYNC_STATES } from './gateway.ts';

// Requests

export const CommandReadRequestSchema = z.object({ equipmentId: z.string().min(1), key: z.string().min(1) });
export type CommandReadRequest = z.input<typeof CommandReadRequestSchema>;

export const CommandWriteRequestSchema = CommandReadRequestSchema.extend({
  value: z.union([z.string(), z.number(), z.boolean()]),
});
export type CommandWriteRequest = z.input<typeof CommandWriteRequestSchema>;

export const CommandCallbackRequestSchema = z.object({ uuid: z.string().min(1) });

export const DeviceSyncRequestSchema = z.object({ equipmentId: z.string().min(1) });

// Answers

export const CommandValueSchema = pointValueSchema;
export type CommandValue = z.infer<typeof CommandValueSchema>;

/**
 * §3 async command reply: `online: false` with a code when the gateway cannot take it (1501, 1502);
 * otherwise the uuid to poll and the state, with the read or written value once it succeeded.
 */
export const CommandReplySchema = z.object({
  online: z.boolean(),
  uuid: z.string().nullish(),
  status: z.enum(COMMAND_STATUSES).nullish(),
  code: z.string().nullish(),
  message: z.string().nullish(),
  data: z.object({ value: CommandValueSchema.optional(), previous: CommandValueSchema.optional() }).nullish(),
});
export type ValueReply = z.infer<typeof CommandReplySchema>;

/** What the sync button answers: the configuration version sent (null when there is none), now syncing. */
export const SyncAnswerSchema = z.object({
  state: z.enum(CONFIG_SYNC_STATES),
  version: z.number().int().nullable(),
});
export type SyncAnswer = z.infer<typeof SyncAnswerSchema>;
