/**
 * Work order, inspection and operations centre paths (`/maintenance/*`): validate with the
 * contracts' schemas, call the service, answer. Tenancy and who may act are the services'.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAINTENANCE_API_PATHS,
  assigneesAnswerSchema,
  assigneesBodySchema,
  inspectionPlanItemSchema,
  inspectionTaskDetailSchema,
  inspectionTaskItemSchema,
  maintenancePageSchema,
  operationsOverviewSchema,
  planIdBodySchema,
  planListAnswerSchema,
  planSaveBodySchema,
  taskCloseBodySchema,
  taskIdBodySchema,
  taskListBodySchema,
  taskRecordBodySchema,
  workOrderActBodySchema,
  workOrderCommentBodySchema,
  workOrderCreateBodySchema,
  workOrderDetailSchema,
  workOrderExportBodySchema,
  workOrderFromAlarmBodySchema,
  workOrderIdBodySchema,
  workOrderItemSchema,
  workOrderListBodySchema,
} from '@lyyp/contracts/maintenance';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { alarmRoute } from '../alarm/alarm-route.ts';
import { sendFile } from '../product/catalogue-route.ts';
import { SHEET_CONTENT_TYPES } from '../product/spreadsheet.ts';
import type { InspectionService } from './inspection.service.ts';
import type { OperationsService } from './operations.service.ts';
import type { WorkOrderService } from './work-order.service.ts';

export interface MaintenanceRoutesOptions {
  readonly workOrders: WorkOrderService;
  readonly inspections: InspectionService;
  readonly operations: OperationsService;
}

const accountOf = (request: FastifyRequest) => sessionOf(request).account;

export function registerMaintenanceRoutes(app: FastifyInstance, options: MaintenanceRoutesOptions) {
  const { workOrders, inspections, operations } = options;
  const orderTags = ['work orders'];
  const inspectionTags = ['inspections'];
  const workOrderAccess = app.allow('workOrder.view');
  const exportAccess = app.allow('workOrder.export');
  const inspectionAccess = app.allow('inspection.view');
  const planAccess = app.allow('inspection.plan');
  const operationsAccess = app.allow('operations.view');
  const PAGED_ORDERS = maintenancePageSchema(workOrderItemSchema);

  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderList,
    {
      tags: orderTags,
      summary: 'Work orders of the devices the caller may see, newest first, with filters',
      guard: workOrderAccess,
      body: workOrderListBodySchema,
      answer: PAGED_ORDERS,
    },
    async (request) => ok(await workOrders.list(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderExport,
    {
      tags: orderTags,
      summary: 'Export the work order list (same filters) as XLSX or CSV; the answer is the file',
      guard: exportAccess,
      body: workOrderExportBodySchema,
    },
    async (request, reply) => {
      const file = await workOrders.export(accountOf(request), request.body, request.locale);
      return sendFile(reply, {
        name: file.name,
        contentType: SHEET_CONTENT_TYPES[file.format],
        bytes: file.bytes,
      });
    },
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderDetail,
    {
      tags: orderTags,
      summary: 'One work order with its timeline; another tenant’s order answers 1003 like a missing one',
      guard: workOrderAccess,
      body: workOrderIdBodySchema,
      answer: workOrderDetailSchema,
    },
    async (request) => ok(await workOrders.detail(accountOf(request), request.body.id)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderCreate,
    {
      tags: orderTags,
      summary: 'Raise a work order for a device by hand: problem and photos (uploaded image ids)',
      guard: app.allow('workOrder.create'),
      body: workOrderCreateBodySchema,
      answer: workOrderDetailSchema,
    },
    async (request) => ok(await workOrders.create(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderFromAlarm,
    {
      tags: orderTags,
      summary: 'Raise a work order from an alarm record in one click (device, alarm, time and value carried)',
      description: 'An alarm has at most one open work order (2408 names it).',
      guard: app.allow('workOrder.create'),
      body: workOrderFromAlarmBodySchema,
      answer: workOrderDetailSchema,
    },
    async (request) => ok(await workOrders.fromAlarm(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderAct,
    {
      tags: orderTags,
      summary: 'Move a work order on: dispatch (assigneeId), receive, finish (content), end (comment)',
      description:
        '2401 when its state does not allow the action, 2402 only the assignee, 2403 only the creator or a dispatcher, 2404 no dispatch permission.',
      guard: app.allow('workOrder.act'),
      body: workOrderActBodySchema,
      answer: workOrderDetailSchema,
    },
    async (request) => ok(await workOrders.act(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.workOrderComment,
    {
      tags: orderTags,
      summary: 'Add a comment (with photos) to a work order’s timeline',
      guard: app.allow('workOrder.act'),
      body: workOrderCommentBodySchema,
      answer: workOrderDetailSchema,
    },
    async (request) => ok(await workOrders.comment(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.assignees,
    {
      tags: orderTags,
      summary:
        'People a work order can be dispatched to: the device’s owner, accounts granted it, operation staff',
      guard: workOrderAccess,
      body: assigneesBodySchema,
      answer: assigneesAnswerSchema,
    },
    async (request) => ok(await workOrders.assignees(accountOf(request), request.body.equipmentId)),
  );

  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.planList,
    {
      tags: inspectionTags,
      summary: 'Inspection plans the caller made or inspects (all for operation staff)',
      guard: inspectionAccess,
      answer: planListAnswerSchema,
    },
    async (request) => ok(await inspections.listPlans(accountOf(request))),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.planSave,
    {
      tags: inspectionTags,
      summary: 'Create (no id) or edit a plan: devices, checklist items, schedule, inspectors',
      description: 'The current period’s tasks are created at once.',
      guard: planAccess,
      body: planSaveBodySchema,
      answer: inspectionPlanItemSchema,
    },
    async (request) => ok(await inspections.savePlan(accountOf(request), request.body.plan)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.planDelete,
    {
      tags: inspectionTags,
      summary: 'Delete a plan with its tasks',
      guard: planAccess,
      body: planIdBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await inspections.deletePlan(accountOf(request), request.body.id);
      return ok(null);
    },
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.taskList,
    {
      tags: inspectionTags,
      summary: 'Inspection tasks of the devices the caller may see; state overdue is derived from the time',
      guard: inspectionAccess,
      body: taskListBodySchema,
      answer: maintenancePageSchema(inspectionTaskItemSchema),
    },
    async (request) => ok(await inspections.listTasks(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.taskDetail,
    {
      tags: inspectionTags,
      summary: 'One task with its checklist and recorded items',
      guard: inspectionAccess,
      body: taskIdBodySchema,
      answer: inspectionTaskDetailSchema,
    },
    async (request) => ok(await inspections.taskDetail(accountOf(request), request.body.id)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.taskRecord,
    {
      tags: inspectionTags,
      summary: 'Record one item normal or abnormal (reading, remark, photos); abnormal raises a work order',
      guard: app.allow('inspection.task'),
      body: taskRecordBodySchema,
      answer: inspectionTaskDetailSchema,
    },
    async (request) => ok(await inspections.record(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.taskFinish,
    {
      tags: inspectionTags,
      summary: 'Finish a task once every item is recorded; the result is abnormal if any item is',
      guard: app.allow('inspection.task'),
      body: taskCloseBodySchema,
      answer: inspectionTaskDetailSchema,
    },
    async (request) => ok(await inspections.finish(accountOf(request), request.body)),
  );
  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.taskAbort,
    {
      tags: inspectionTags,
      summary: 'Abort a task (with a remark)',
      guard: app.allow('inspection.task'),
      body: taskCloseBodySchema,
      answer: inspectionTaskDetailSchema,
    },
    async (request) => ok(await inspections.abort(accountOf(request), request.body)),
  );

  alarmRoute(
    app,
    MAINTENANCE_API_PATHS.overview,
    {
      tags: ['operations centre'],
      summary:
        'Fleet health, signal bands, communication errors, expiring SIM cards, alarms, work orders, inspections',
      guard: operationsAccess,
      answer: operationsOverviewSchema,
    },
    async (request) => ok(await operations.overview(accountOf(request))),
  );
}
