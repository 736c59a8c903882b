/**
 * Products and what belongs to them: pages, knowledge, alarm rules, report definitions,
 * formulas and scripts, OTA tasks.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { grant, view, change, PRODUCT_VIEW, productChange, PRODUCT_EDIT } from './table-builders.ts';

export const PRODUCT_ACTIONS = {
  // Products and what belongs to them.
  'product.list': view('product', '产品列表与详情', 'Products and their detail', PRODUCT_VIEW),
  'product.options': view('product', '可选产品（绑定、筛选）', 'Products to choose from (binding, filters)', [
    grant('signedIn'),
  ]),
  'product.create': change('product', '创建与导入产品', 'Create or import a product', [
    grant('self', 'manage:product:edit'),
  ]),
  'product.edit': change(
    'product',
    '编辑产品、驱动与变量',
    'Edit a product, its drivers and variables',
    PRODUCT_EDIT,
  ),
  'product.publish': change(
    'product',
    '发布与撤回产品',
    'Publish or withdraw a product',
    productChange('manage:product:publish'),
  ),
  // How long a product's history is kept is the product's own design: its developer decides it.
  'product.retention': change(
    'product',
    '设置产品的历史数据保留策略',
    "Set a product's history retention policy",
    [grant('developerOfProduct', 'manage:product:edit')],
  ),
  'page.view': view('page', '查看组态页面', 'Designer pages', [
    grant('visible', 'manage:product:designer', 'manage:product:view'),
  ]),
  'page.design': change('page', '设计组态页面', 'Design pages', productChange('manage:product:designer')),
  'knowledge.view': view('product', '产品知识库', "A product's knowledge base", PRODUCT_VIEW),
  'knowledge.edit': change(
    'product',
    '编辑知识库',
    'Edit the knowledge base',
    productChange('manage:product:knowledge'),
  ),
  'alarmRule.view': view('alarmRule', '报警规则与分组', 'Alarm rules and groups', PRODUCT_VIEW),
  'alarmRule.edit': change('alarmRule', '编辑报警规则与分组', 'Edit alarm rules and groups', PRODUCT_EDIT),
  'report.definitionView': view('report', '报表定义', 'Report definitions', PRODUCT_VIEW),
  'report.definitionEdit': change('report', '编辑报表定义', 'Edit report definitions', PRODUCT_EDIT),
  'edgeLogic.view': view('product', '公式与脚本', 'Formulas and scripts', PRODUCT_VIEW),
  'edgeLogic.edit': change('product', '编辑公式与脚本', 'Edit formulas and scripts', PRODUCT_EDIT),
  'ota.manage': change('firmware', 'OTA 升级任务', 'OTA upgrade tasks', productChange('manage:product:ota')),
} as const satisfies Record<string, ActionPolicy>;
