/** English texts of product files (export and import). */
import type { productTransferZhCN } from './zh-CN.ts';

export const productTransferEnUS: typeof productTransferZhCN = {
  export: 'Export',
  exportTip:
    'Download the product file: variables, drivers, scripts, formulas, pages, reports and alarms, to import on this or another platform',
  import: 'Import product',
  importTip:
    'Choose an exported product file (.json) to create a new product in development; a file with an error creates nothing',
  imported: 'Product "{{title}}" imported',
};
