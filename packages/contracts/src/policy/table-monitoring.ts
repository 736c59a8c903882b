/**
 * Monitoring screens over visible devices: history, reports, alarm records, work orders,
 * inspections and the operations centre.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { grant, view, change } from './table-builders.ts';

export const MONITORING_ACTIONS = {
  // Monitoring screens over visible devices.
  'history.view': view('device', '历史数据与曲线', 'History data and curves', [
    grant('visible', 'monitor:history', 'monitor:device:view'),
  ]),
  'history.export': view('device', '导出历史数据', 'Export history data', [
    grant('visible', 'monitor:history:export'),
  ]),
  'report.view': view('report', '历史报表', 'History reports', [
    grant('visible', 'monitor:report', 'monitor:history'),
  ]),
  'report.export': view('report', '导出历史报表', 'Export history reports', [
    grant('visible', 'monitor:report:export', 'monitor:history:export'),
  ]),
  'datacenter.view': view('report', '数据中心', 'Data centre', [grant('visible', 'monitor:datacenter')]),
  'alarmRecord.view': view(
    'alarmRecord',
    '报警记录',
    'Alarm records',
    [grant('visible', 'monitor:alarm:view')],
    '2116',
  ),
  'alarmRecord.export': view('alarmRecord', '导出报警记录', 'Export alarm records', [
    grant('visible', 'monitor:alarm:export'),
  ]),
  'alarmRecord.acknowledge': change('alarmRecord', '确认报警', 'Acknowledge an alarm', [
    grant('visible', 'monitor:alarm:acknowledge'),
  ]),
  'workOrder.view': view('workOrder', '工单列表与详情', 'Work orders and their detail', [
    grant('visible', 'monitor:workorder'),
  ]),
  'workOrder.export': view('workOrder', '导出工单', 'Export work orders', [
    grant('visible', 'monitor:workorder:export'),
  ]),
  'workOrder.create': change('workOrder', '创建工单', 'Create a work order', [
    grant('visible', 'monitor:workorder'),
  ]),
  'workOrder.dispatch': change('workOrder', '派单', 'Dispatch a work order', [
    grant('owner', 'monitor:workorder:dispatch'),
    grant('staffInScope', 'monitor:workorder:dispatch'),
  ]),
  'workOrder.act': change('workOrder', '处理与评论工单', 'Act on and comment a work order', [
    grant('visible', 'monitor:workorder'),
  ]),
  'inspection.view': view('inspection', '巡检计划与任务', 'Inspection plans and tasks', [
    grant('visible', 'monitor:inspection'),
  ]),
  'inspection.plan': change(
    'inspection',
    '新建巡检计划（所见的设备）',
    'Create inspection plans (over devices the caller sees)',
    [grant('visible', 'monitor:inspection:plan')],
    '2417',
  ),
  // A plan is changed by the one who made it, or by staff whose scope holds every device of it.
  'inspection.editPlan': change(
    'inspection',
    '编辑与删除巡检计划',
    'Edit or delete an inspection plan',
    [grant('owner', 'monitor:inspection:plan'), grant('staffInScope', 'monitor:inspection:plan')],
    '2417',
  ),
  'inspection.task': change('inspection', '执行巡检任务', 'Record, finish or abort an inspection task', [
    grant('visible', 'monitor:inspection'),
  ]),
  'operations.view': view('device', '运维中心', 'Operations centre', [
    grant('visible', 'monitor:operations'),
  ]),
} as const satisfies Record<string, ActionPolicy>;
