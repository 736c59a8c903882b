/**
 * The columns of a variable list: name, key, kind, driver, register placement, data type,
 * read/write, unit, decimals and collection mode, drawn the same in the product's variables tab and
 * in a device's management wizard.
 */
import {
  DATA_TYPE_DEFINITIONS,
  REGISTER_TYPE_DEFINITIONS,
  type Variable,
} from '@lyyp/contracts/device-model';
import { Tag } from 'antd';
import type { ConsoleColumn } from '../../blocks/index.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';

export function describePlacement(variable: Variable, locale: string): string {
  // OPC UA and S7 variables name their place by the address alone (a NodeId, DB1.DBW4).
  if (!variable.registerType) return variable.address?.trim() || '—';
  const table = REGISTER_TYPE_DEFINITIONS[variable.registerType];
  const label = locale === 'en-US' ? table.label.en : table.label.zh;
  const bit = variable.bitIndex === undefined ? '' : `.${variable.bitIndex}`;
  return `${label} ${variable.address ?? ''}${bit}`;
}

/** `driverCell` draws the driver column (its name, or more). */
export function useVariableColumns(
  driverCell: (key: string | undefined) => ReactNode,
): ConsoleColumn<Variable>[] {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return [
    { title: t('monitor.fields.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('monitor.fields.key'), dataIndex: 'key' },
    {
      title: t('monitor.fields.kind'),
      dataIndex: 'kind',
      render: (kind: string) => t(`monitor.variableKind.${kind}`),
    },
    {
      title: t('monitor.fields.driverKey'),
      dataIndex: 'driverKey',
      render: (key: string | undefined) => driverCell(key),
    },
    {
      title: t('monitor.variable.placement'),
      key: 'placement',
      render: (_, variable) => describePlacement(variable, locale),
    },
    {
      title: t('monitor.fields.dataType'),
      dataIndex: 'dataType',
      render: (id: Variable['dataType']) => {
        const definition = DATA_TYPE_DEFINITIONS[id];
        return locale === 'en-US' ? definition.label.en : definition.label.zh;
      },
    },
    {
      title: t('monitor.fields.readWrite'),
      dataIndex: 'readWrite',
      render: (mode: Variable['readWrite']) => (
        <Tag color={mode === 'read-only' ? 'default' : 'blue'}>{t(`monitor.readWrite.${mode}`)}</Tag>
      ),
    },
    { title: t('monitor.fields.unit'), dataIndex: 'unit', render: (unit: string) => unit || '—' },
    { title: t('monitor.fields.decimals'), dataIndex: 'decimals' },
    {
      title: t('monitor.fields.collectionMode'),
      dataIndex: 'collectionMode',
      render: (mode: string) => t(`monitor.collectionMode.${mode}`),
    },
  ];
}
