/**
 * The console's texts per language: the shell's own, plus one file per screen area so areas
 * change independently (`monitor.*` for monitoring and back-office data screens, `designer.*`, `alarm.*` for alarms,
 * messages and SIM cards, `admin.*` for accounts, roles, dealers and certification, `report.*` for
 * reports and the data centre, `edgeLogic.*` for computed variables and scripts, `hardware.*` for
 * hardware models, `firmware.*` for firmware and OTA upgrades, `knowledge.*` for the knowledge base, `deviceConfig.*`
 * for a device's own configuration, `fleet.*` for the map, `gatewayOps.*` for a gateway's replacement, reset, data clearing and remote settings, `widgetMedia.*` for the weather and
 * video widgets and the camera cloud key, `widgetData.*` for the history report table and alarm
 * records widgets, `systemCatalogue.*` for app versions, agreements and protocols, `designerStudio.*` for the designer's
 * preview, tag browser and context menu).
 */
import type { Locale } from '@lyyp/contracts';
import { accountCentreEnUS } from './account-centre/en-US.ts';
import { accountCentreZhCN } from './account-centre/zh-CN.ts';
import { adminEnUS } from './admin/en-US.ts';
import { adminZhCN } from './admin/zh-CN.ts';
import { alarmEnUS } from './alarm/en-US.ts';
import { alarmZhCN } from './alarm/zh-CN.ts';
import { hardwareEnUS } from './hardware/en-US.ts';
import { knowledgeEnUS } from './knowledge/en-US.ts';
import { knowledgeZhCN } from './knowledge/zh-CN.ts';
import { hardwareZhCN } from './hardware/zh-CN.ts';
import { fleetEnUS } from './fleet/en-US.ts';
import { fleetZhCN } from './fleet/zh-CN.ts';
import { gatewayOpsEnUS } from './gateway-ops/en-US.ts';
import { gatewayOpsZhCN } from './gateway-ops/zh-CN.ts';
import { maintenanceEnUS } from './maintenance/en-US.ts';
import { maintenanceZhCN } from './maintenance/zh-CN.ts';
import { deviceConfigEnUS } from './device-config/en-US.ts';
import { deviceConfigZhCN } from './device-config/zh-CN.ts';
import { designerEnUS } from './designer/en-US.ts';
import { designerZhCN } from './designer/zh-CN.ts';
import { designerStudioEnUS } from './designer-studio/en-US.ts';
import { designerStudioZhCN } from './designer-studio/zh-CN.ts';
import { edgeLogicEnUS } from './edge-logic/en-US.ts';
import { edgeLogicZhCN } from './edge-logic/zh-CN.ts';
import { enUS } from './en-US.ts';
import { firmwareEnUS } from './firmware/en-US.ts';
import { firmwareZhCN } from './firmware/zh-CN.ts';
import { equipmentAdminEnUS } from './equipment-admin/en-US.ts';
import { equipmentAdminZhCN } from './equipment-admin/zh-CN.ts';
import { monitorEnUS } from './monitor/en-US.ts';
import { monitorZhCN } from './monitor/zh-CN.ts';
import { productTransferEnUS } from './product-transfer/en-US.ts';
import { productTransferZhCN } from './product-transfer/zh-CN.ts';
import { reportEnUS } from './report/en-US.ts';
import { reportZhCN } from './report/zh-CN.ts';
import { widgetMediaEnUS } from './widget-media/en-US.ts';
import { widgetMediaZhCN } from './widget-media/zh-CN.ts';
import { widgetDataEnUS } from './widget-data/en-US.ts';
import { widgetDataZhCN } from './widget-data/zh-CN.ts';
import { systemCatalogueEnUS } from './system-catalogue/en-US.ts';
import { systemCatalogueZhCN } from './system-catalogue/zh-CN.ts';
import { tagBrowserEnUS } from './tag-browser/en-US.ts';
import { tagBrowserZhCN } from './tag-browser/zh-CN.ts';
import { storageEnUS } from './storage/en-US.ts';
import { storageZhCN } from './storage/zh-CN.ts';
import { zhCN } from './zh-CN.ts';

const zh = {
  ...zhCN,
  monitor: monitorZhCN,
  designer: designerZhCN,
  alarm: alarmZhCN,
  equipmentAdmin: equipmentAdminZhCN,
  accountCentre: accountCentreZhCN,
  admin: adminZhCN,
  report: reportZhCN,
  edgeLogic: edgeLogicZhCN,
  maintenance: maintenanceZhCN,
  hardware: hardwareZhCN,
  firmware: firmwareZhCN,
  knowledge: knowledgeZhCN,
  deviceConfig: deviceConfigZhCN,
  fleet: fleetZhCN,
  gatewayOps: gatewayOpsZhCN,
  widgetMedia: widgetMediaZhCN,
  widgetData: widgetDataZhCN,
  systemCatalogue: systemCatalogueZhCN,
  tagBrowser: tagBrowserZhCN,
  designerStudio: designerStudioZhCN,
  productTransfer: productTransferZhCN,
  storage: storageZhCN,
};
const en = {
  ...enUS,
  monitor: monitorEnUS,
  designer: designerEnUS,
  alarm: alarmEnUS,
  equipmentAdmin: equipmentAdminEnUS,
  accountCentre: accountCentreEnUS,
  admin: adminEnUS,
  report: reportEnUS,
  edgeLogic: edgeLogicEnUS,
  maintenance: maintenanceEnUS,
  hardware: hardwareEnUS,
  firmware: firmwareEnUS,
  knowledge: knowledgeEnUS,
  deviceConfig: deviceConfigEnUS,
  fleet: fleetEnUS,
  gatewayOps: gatewayOpsEnUS,
  widgetMedia: widgetMediaEnUS,
  widgetData: widgetDataEnUS,
  systemCatalogue: systemCatalogueEnUS,
  tagBrowser: tagBrowserEnUS,
  designerStudio: designerStudioEnUS,
  productTransfer: productTransferEnUS,
  storage: storageEnUS,
};

export type ConsoleTexts = typeof zh;

export const CONSOLE_TEXTS: Readonly<Record<Locale, typeof zh | typeof en>> = { 'zh-CN': zh, 'en-US': en };
