/**
 * Typed calls of work orders, inspections and the operations centre (`/maintenance/*`). Paths,
 * requests and answers are the contract's (`@lyyp/contracts/maintenance`); photos are uploaded
 * first through `/file/upload` and sent as ids.
 */
import {
  MAINTENANCE_API_PATHS as PATHS,
  type Assignee,
  type InspectionPlanInput,
  type InspectionPlanItem,
  type InspectionTaskDetail,
  type InspectionTaskItem,
  type OperationsOverview,
  type Photo,
  type TaskCloseBody,
  type TaskListBody,
  type TaskRecordBody,
  type WorkOrderActBody,
  type WorkOrderCommentBody,
  type WorkOrderCreateBody,
  type WorkOrderDetail,
  type WorkOrderItem,
  type WorkOrderListBody,
  type maintenancePageSchema,
} from '@lyyp/contracts/maintenance';
import type { z } from 'zod';
import { fileApi } from './catalogue.api.ts';
import type { FileApi } from './catalogue-files.ts';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  Assignee,
  InspectionPlanInput,
  InspectionPlanItem,
  InspectionTaskDetail,
  InspectionTaskItem,
  OperationsOverview,
  WorkOrderDetail,
  WorkOrderItem,
  WorkOrderListBody,
  TaskListBody,
} from '@lyyp/contracts/maintenance';

/** A page of a list, as the contract's `maintenancePageSchema` describes it. */
export type MaintenancePage<T> = Omit<z.infer<ReturnType<typeof maintenancePageSchema>>, 'list'> & {
  list: T[];
};

export function createMaintenanceApi(client: ApiClient, files: FileApi) {
  return {
    listWorkOrders: (query: WorkOrderListBody) =>
      client.post<MaintenancePage<WorkOrderItem>>(PATHS.workOrderList, { ...query }, JSON_BODY),
    exportWorkOrders: (
      query: Omit<WorkOrderListBody, 'page' | 'pageSize'>,
      format: 'csv' | 'xlsx',
      timeZone: string,
    ) => files.download(PATHS.workOrderExport, { ...query, format, timeZone }, `work-orders.${format}`),
    workOrder: (id: string) => client.post<WorkOrderDetail>(PATHS.workOrderDetail, { id }),
    createWorkOrder: (body: WorkOrderCreateBody) =>
      client.post<WorkOrderDetail>(PATHS.workOrderCreate, { ...body }, JSON_BODY),
    workOrderFromAlarm: (alarmRecordId: string, problem = '') =>
      client.post<WorkOrderDetail>(PATHS.workOrderFromAlarm, { alarmRecordId, problem }),
    actOnWorkOrder: (body: WorkOrderActBody) =>
      client.post<WorkOrderDetail>(PATHS.workOrderAct, { ...body }, JSON_BODY),
    commentOnWorkOrder: (body: WorkOrderCommentBody) =>
      client.post<WorkOrderDetail>(PATHS.workOrderComment, { ...body }, JSON_BODY),
    assignees: (equipmentId: string) => client.post<Assignee[]>(PATHS.assignees, { equipmentId }),

    listPlans: () => client.post<InspectionPlanItem[]>(PATHS.planList),
    savePlan: (plan: InspectionPlanInput) =>
      client.post<InspectionPlanItem>(PATHS.planSave, { plan }, JSON_BODY),
    deletePlan: (id: string) => client.post<null>(PATHS.planDelete, { id }),
    listTasks: (query: TaskListBody) =>
      client.post<MaintenancePage<InspectionTaskItem>>(PATHS.taskList, { ...query }, JSON_BODY),
    task: (id: string) => client.post<InspectionTaskDetail>(PATHS.taskDetail, { id }),
    recordItem: (body: TaskRecordBody) =>
      client.post<InspectionTaskDetail>(PATHS.taskRecord, { ...body }, JSON_BODY),
    finishTask: (body: TaskCloseBody) => client.post<InspectionTaskDetail>(PATHS.taskFinish, { ...body }),
    abortTask: (body: TaskCloseBody) => client.post<InspectionTaskDetail>(PATHS.taskAbort, { ...body }),

    overview: () => client.post<OperationsOverview>(PATHS.overview),

    /** Uploads one photo (§9 image, 100K at most) and answers its id. */
    uploadPhoto: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.upload<Photo>('/file/upload', form);
    },
  };
}

export type MaintenanceApi = ReturnType<typeof createMaintenanceApi>;

export const maintenanceApi = createMaintenanceApi(apiClient, fileApi);
