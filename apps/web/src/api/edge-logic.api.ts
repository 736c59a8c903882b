/**
 * Typed calls of computed variables and edge scripts: a product's formulas (`/product/formula/*`),
 * its scripts (`/product/script/*`) and a device's script states (`/device/script/status`). Paths,
 * requests and answers are the contract's (`@lyyp/contracts/edge-logic`). Scripts are nested
 * bodies whose numbers and booleans must keep their types, so they go as JSON.
 */
import type { ScriptInput } from '@lyyp/contracts/device-model';
import {
  EDGE_LOGIC_API_PATHS,
  type DeviceScriptStatusAnswer,
  type FormulaListAnswer,
  type ScriptChangeAnswer,
  type ScriptListAnswer,
} from '@lyyp/contracts/edge-logic';
import type { ModelChange } from './catalogue.types.ts';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  ComputedVariable,
  DeviceScriptRow,
  DeviceScriptStatusAnswer,
  FormulaListAnswer,
  ScriptChangeAnswer,
  ScriptListAnswer,
} from '@lyyp/contracts/edge-logic';

export function createEdgeLogicApi(client: ApiClient) {
  return {
    listFormulas: (productId: string) =>
      client.post<FormulaListAnswer>(EDGE_LOGIC_API_PATHS.formulaList, { productId }),
    saveFormula: (productId: string, key: string, formula: string) =>
      client.post<ModelChange>(EDGE_LOGIC_API_PATHS.formulaSave, { productId, key, formula }, JSON_BODY),

    listScripts: (productId: string) =>
      client.post<ScriptListAnswer>(EDGE_LOGIC_API_PATHS.scriptList, { productId }),
    saveScript: (productId: string, script: ScriptInput, originalKey?: string) =>
      client.post<ScriptChangeAnswer>(
        EDGE_LOGIC_API_PATHS.scriptSave,
        { productId, script, ...(originalKey ? { originalKey } : {}) },
        JSON_BODY,
      ),
    deleteScript: (productId: string, key: string) =>
      client.post<ScriptChangeAnswer>(EDGE_LOGIC_API_PATHS.scriptDelete, { productId, key }),
    enableScript: (productId: string, key: string, enabled: boolean) =>
      client.post<ScriptChangeAnswer>(
        EDGE_LOGIC_API_PATHS.scriptEnable,
        { productId, key, enabled },
        JSON_BODY,
      ),

    deviceScriptStatus: (deviceId: string) =>
      client.post<DeviceScriptStatusAnswer>(EDGE_LOGIC_API_PATHS.deviceScriptStatus, { id: deviceId }),
  };
}

export type EdgeLogicApi = ReturnType<typeof createEdgeLogicApi>;

export const edgeLogicApi = createEdgeLogicApi(apiClient);
