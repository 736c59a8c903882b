/**
 * The console's calls are typed by the contract (`@lyyp/contracts`, src/api/), never by shapes
 * written again here: a copy would drift from what the server validates and answers.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@lyyp/contracts';
import * as accountCentreContracts from '@lyyp/contracts/account-centre';
import * as adminContracts from '@lyyp/contracts/admin';
import * as alarmContracts from '@lyyp/contracts/alarm';
import * as equipmentAdminContracts from '@lyyp/contracts/equipment-admin';
import { describe, expect, it } from 'vitest';

const API_FOLDER = import.meta.dirname;
const CONTRACT_API_FOLDER = path.resolve(API_FOLDER, '../../../../packages/contracts/src/api');
const CONTRACT_ALARM_FOLDER = path.resolve(API_FOLDER, '../../../../packages/contracts/src/alarm');
const CONTRACT_FOLDERS = ['account-centre', 'admin', 'equipment-admin'].map((folder) =>
  path.resolve(API_FOLDER, '../../../../packages/contracts/src', folder),
);

const sourcesOf = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), 'utf8') }));

/** Names of the types a file declares itself (`interface X`, `type X =`), not those it re-exports. */
function declaredTypeNames(text: string): string[] {
  const declarations =
    /^\s*(?:export\s+)?(?:declare\s+)?(?:interface\s+([A-Z]\w*)\s*[<{e]|type\s+([A-Z]\w*)\s*[<=])/gm;
  return [...text.matchAll(declarations)].map((match) => (match[1] ?? match[2])!);
}

/** Every shape the contract names: each `XSchema` stands for the shape `X`, and the types beside it. */
function contractShapeNames(): Set<string> {
  const names = new Set<string>();
  for (const name of [
    ...Object.keys(contracts),
    ...Object.keys(alarmContracts),
    ...Object.keys(accountCentreContracts),
    ...Object.keys(equipmentAdminContracts),
    ...Object.keys(adminContracts),
  ]) {
    if (name.endsWith('Schema') && name.length > 'Schema'.length) names.add(name.slice(0, -'Schema'.length));
  }
  for (const { text } of [
    ...sourcesOf(CONTRACT_API_FOLDER),
    ...sourcesOf(CONTRACT_ALARM_FOLDER),
    ...CONTRACT_FOLDERS.flatMap(sourcesOf),
  ]) {
    for (const name of declaredTypeNames(text)) names.add(name);
  }
  return names;
}

describe('API shapes come from the contract', () => {
  const shapes = contractShapeNames();
  const sources = sourcesOf(API_FOLDER);

  it('knows the contract shapes of every area', () => {
    for (const name of [
      'ProductSummary',
      'GatewayView',
      'DeviceDetail',
      'CurveAnswer',
      'ValueReply',
      'PageSummary',
      'AlarmRecordItem',
      'NotificationPreferences',
      'SimCardItem',
      'EquipmentItem',
      'SecurityOverview',
    ])
      expect(shapes, name).toContain(name);
  });

  it('declares no type in the api folder under the name of a contract shape', () => {
    const shadows = sources.flatMap(({ name, text }) =>
      declaredTypeNames(text)
        .filter((declared) => shapes.has(declared))
        .map((declared) => `${name}: ${declared}`),
    );
    expect(shadows).toEqual([]);
  });

  it('types no answer inline: every call names a contract type', () => {
    const inline = sources.flatMap(({ name, text }) =>
      [...text.matchAll(/\bclient\.(?:get|post|upload)<\s*(\{|Array<\s*\{|Page<\s*\{)/g)].map(
        (match) => `${name}: ${match[0]}`,
      ),
    );
    expect(inline).toEqual([]);
  });

  it('catches a shape written again (the check itself)', () => {
    const copy = [
      "import { type PageSummary } from '@lyyp/contracts';",
      'export interface DeviceView {',
      '  id: string;',
      '}',
      'type HistoryRow = { ts: number };',
      'export interface GatewayView extends Base {}',
    ].join('\n');
    expect(declaredTypeNames(copy).filter((name) => shapes.has(name))).toEqual([
      'DeviceView',
      'HistoryRow',
      'GatewayView',
    ]);
  });
});
