/**
 * Communication protocols (/manage/system/protocol): the built-in protocols the edge agent runs,
 * each with its address types, how an address is written and examples, and (Modbus) its register
 * types (function codes, read-only or writable, most per request), and the
 * driver models developers keep over them; a driver model a product's driver uses cannot be deleted.
 */
import {
  ADDRESS_TYPE_DEFINITIONS,
  PROTOCOLS,
  REGISTER_TYPE_DEFINITIONS,
  type Protocol,
} from '@lyyp/contracts/device-model';
import { PROTOCOL_DEFINITIONS } from '@lyyp/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type DriverModel, type ProtocolItem } from '../../api/system-catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  actionColumn,
  ConsoleTable,
  NameWithNote,
  RowActions,
  ScreenCard,
  useEditor,
} from '../../blocks/index.ts';
import { DriverModelDialog } from './DriverModelDialog.tsx';

export default function ProtocolPage() {
  const { t } = useTranslation();
  const language = useLocaleStore((state) => state.locale) === 'en-US' ? 'en' : 'zh';
  const [folded, setFolded] = useState<Protocol[]>([]);
  const p = (key: string, options: Record<string, unknown> = {}) =>
    t(`systemCatalogue.protocol.${key}`, options);
  const protocols = useQuery({ queryKey: ['protocols'], queryFn: () => systemCatalogueApi.protocols.list() });
  const models = useQuery({
    queryKey: ['driver-models'],
    queryFn: () => systemCatalogueApi.protocols.driverModels(),
  });
  const refresh = () => Promise.all([protocols.refetch(), models.refetch()]);
  const editor = useEditor<DriverModel>(refresh);
  const protocolLabel = (id: Protocol) => PROTOCOL_DEFINITIONS[id].label[language];
  const registerTable = (protocol: ProtocolItem) => (
    <ConsoleTable
      rowKey="id"
      testId={`register-types-${protocol.id}`}
      emptyText="—"
      rows={protocol.registerTypes.map((id) => REGISTER_TYPE_DEFINITIONS[id])}
      columns={[
        {
          title: p('registerType'),
          key: 'label',
          render: (_value, type) => type.label[language],
        },
        { title: p('readCode'), dataIndex: 'readFunctionCode', width: 120 },
        {
          title: p('writeCodes'),
          key: 'write',
          width: 160,
          render: (_value, type) =>
            type.write ? `${type.write.single} / ${type.write.multiple}` : <Tag>{p('readOnly')}</Tag>,
        },
        { title: p('maxRead'), dataIndex: 'maxReadCount', width: 140 },
      ]}
    />
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ScreenCard title={t('routes.SystemProtocol')}>
        <ConsoleTable<ProtocolItem>
          testId="protocols"
          emptyText="—"
          loading={protocols.isFetching}
          error={protocols.error}
          rows={protocols.data}
          expandable={{
            // Every protocol opens with its register types; a person may fold one away.
            expandedRowKeys: PROTOCOLS.filter((id) => !folded.includes(id)),
            onExpand: (expanded, protocol) =>
              setFolded((current) =>
                expanded ? current.filter((id) => id !== protocol.id) : [...current, protocol.id],
              ),
            expandedRowRender: (protocol) => (
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <Descriptions
                  size="small"
                  column={1}
                  bordered
                  data-testid={`address-syntax-${protocol.id}`}
                  items={[
                    {
                      key: 'syntax',
                      label: p('addressSyntax'),
                      children: protocol.addressSyntax[language],
                    },
                    {
                      key: 'examples',
                      label: p('examples'),
                      children: (
                        <Space size={[4, 4]} wrap>
                          {protocol.examples.map((example) => (
                            <Typography.Text code key={example}>
                              {example}
                            </Typography.Text>
                          ))}
                        </Space>
                      ),
                    },
                  ]}
                />
                {protocol.registerTypes.length > 0 ? registerTable(protocol) : null}
              </Space>
            ),
          }}
          columns={[
            {
              title: p('protocols'),
              key: 'name',
              render: (_value, protocol) => (
                <Space size={4}>
                  <Typography.Text strong>{protocolLabel(protocol.id)}</Typography.Text>
                  <Tag color="blue">{p('builtIn')}</Tag>
                </Space>
              ),
            },
            {
              title: p('transport'),
              key: 'transport',
              render: (_value, protocol) => p(`transports.${protocol.transport}`),
            },
            {
              title: p('addressTypes'),
              key: 'addressTypes',
              render: (_value, protocol) => (
                <Space size={[4, 4]} wrap>
                  {protocol.addressTypes.map((id) => (
                    <Tag key={id}>{ADDRESS_TYPE_DEFINITIONS[id].label[language]}</Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: p('registerTypes'),
              key: 'types',
              render: (_value, protocol) => protocol.registerTypes.length || '—',
            },
            { title: p('driverModelCount'), dataIndex: 'driverModelCount' },
          ]}
        />
      </ScreenCard>
      <ScreenCard
        title={p('driverModels')}
        add={{ label: p('addModel'), onClick: () => editor.open(null), testId: 'driver-model-add' }}
        intro={<Typography.Paragraph type="secondary">{p('driverModelsHint')}</Typography.Paragraph>}
      >
        <ConsoleTable<DriverModel>
          testId="driver-models"
          emptyText={p('empty')}
          loading={models.isFetching}
          error={models.error}
          rows={models.data}
          columns={[
            {
              title: p('name'),
              dataIndex: 'name',
              render: (value: string, model) => <NameWithNote name={value} note={model.description} />,
            },
            {
              title: p('protocol'),
              dataIndex: 'protocol',
              width: 130,
              render: (value: Protocol) => protocolLabel(value),
            },
            {
              title: p('settings'),
              key: 'settings',
              render: (_value, model) => (
                <Space size={[4, 4]} wrap>
                  {model.protocol === 'modbus-tcp' ? (
                    <Tag>{`${p('port')} ${model.settings.port}`}</Tag>
                  ) : null}
                  {model.protocol === 'modbus-rtu' ? (
                    <Tag>{`${model.settings.baudRate} ${model.settings.dataBits}${model.settings.parity.charAt(0).toUpperCase()}${model.settings.stopBits}`}</Tag>
                  ) : null}
                  {model.protocol === 'modbus-tcp' || model.protocol === 'modbus-rtu' ? (
                    <Tag>{model.settings.byteOrder32}</Tag>
                  ) : null}
                  <Tag>{`${model.settings.pollIntervalMs} ms`}</Tag>
                </Space>
              ),
            },
            {
              title: p('usedBy'),
              dataIndex: 'productCount',
              width: 120,
              render: (count: number) => p('usage', { count }),
            },
            actionColumn(t('monitor.common.actions'), (model: DriverModel) => (
              <RowActions
                onEdit={() => editor.open(model)}
                remove={{
                  title: p('deleteConfirm', { name: model.name }),
                  run: () => systemCatalogueApi.protocols.deleteDriverModel(model.id),
                  successText: p('deleted'),
                  onDone: refresh,
                }}
              />
            )),
          ]}
        />
      </ScreenCard>
      {editor.props ? <DriverModelDialog {...editor.props} /> : null}
    </Space>
  );
}
