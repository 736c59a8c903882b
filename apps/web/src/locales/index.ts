/**
 * The console's texts per language: the shell's own, plus one file per screen area so areas
 * change independently (`monitor.*` for monitoring and back-office data screens, `designer.*`, `alarm.*` for alarms,
 * messages and SIM cards).
 */
import type { Locale } from '@lyyp/contracts';
import { alarmEnUS } from './alarm/en-US.ts';
import { alarmZhCN } from './alarm/zh-CN.ts';
import { designerEnUS } from './designer/en-US.ts';
import { designerZhCN } from './designer/zh-CN.ts';
import { enUS } from './en-US.ts';
import { monitorEnUS } from './monitor/en-US.ts';
import { monitorZhCN } from './monitor/zh-CN.ts';
import { zhCN } from './zh-CN.ts';

const zh = { ...zhCN, monitor: monitorZhCN, designer: designerZhCN, alarm: alarmZhCN };
const en = { ...enUS, monitor: monitorEnUS, designer: designerEnUS, alarm: alarmEnUS };

export type ConsoleTexts = typeof zh;

export const CONSOLE_TEXTS: Readonly<Record<Locale, typeof zh | typeof en>> = { 'zh-CN': zh, 'en-US': en };
