/** Limits of work orders, inspections and the operations centre; server and forms read them here. */

export const WORK_ORDER_PROBLEM_MAX_LENGTH = 500;
export const WORK_ORDER_CONTENT_MAX_LENGTH = 1000;
export const WORK_ORDER_COMMENT_MAX_LENGTH = 500;
/** Photos one work order, comment or inspection item may carry (each an uploaded image, §9 100K). */
export const PHOTOS_MAX = 9;
/** Most rows one work order export holds. */
export const WORK_ORDER_EXPORT_MAX_ROWS = 50_000;

export const INSPECTION_PLAN_NAME_MAX_LENGTH = 50;
export const INSPECTION_ITEM_NAME_MAX_LENGTH = 50;
export const INSPECTION_ITEMS_MAX = 50;
export const INSPECTION_DEVICES_MAX = 200;
export const INSPECTORS_MAX = 20;
export const INSPECTION_REMARK_MAX_LENGTH = 200;
export const UNIT_MAX_LENGTH = 16;

/** A SIM card shows in the operations centre when it ends within this many days. */
export const SIM_EXPIRING_WITHIN_DAYS = 30;
