/**
 * Platform catalogues: hardware models, firmware, app versions, agreements, protocols,
 * announcements, SIM cards and feedback.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { view, change, platform } from './table-builders.ts';

export const PLATFORM_ACTIONS = {
  // Platform catalogues.
  'hardwareModel.view': view(
    'platform',
    '硬件型号',
    'Hardware models',
    platform('manage:system:hardware', 'manage:product:view', 'manage:gateway:view'),
  ),
  'hardwareModel.edit': change(
    'platform',
    '编辑硬件型号',
    'Edit hardware models',
    platform('manage:system:hardware'),
  ),
  'firmware.manage': change('firmware', '固件管理', 'Firmware', platform('manage:system:firmware')),
  'appVersion.manage': change('platform', '版本维护', 'App versions', platform('manage:system:version')),
  'agreement.manage': change('platform', '用户协议', 'User agreements', platform('manage:system:agreement')),
  'protocol.view': view(
    'platform',
    '通讯协议与驱动模型',
    'Protocols and driver models',
    platform('manage:system:protocol', 'manage:product:edit'),
  ),
  'protocol.manage': change(
    'platform',
    '编辑驱动模型',
    'Edit driver models',
    platform('manage:system:protocol'),
  ),
  'announcement.publish': change(
    'message',
    '发布系统公告',
    'Publish an announcement',
    platform('manage:system:announcement'),
  ),
  'sim.manage': change('platform', 'SIM 卡管理', 'SIM cards', platform('manage:system:sim')),
  'feedback.view': view('platform', '查看意见反馈', 'Read feedback', platform('manage:feedback')),
  'feedback.reply': change(
    'platform',
    '回复意见反馈',
    'Reply to feedback',
    platform('manage:feedback:reply'),
  ),
} as const satisfies Record<string, ActionPolicy>;
