/**
 * Hardware models (/manage/system/hardware): each model's capacity per gateway (drivers, variables,
 * reports, scripts, alarms), its features (4G, Wi-Fi, GPS and base-station positioning, serial and
 * LAN ports) and how many gateways and products use it; add, edit, and delete what nothing uses.
 */
import { CAPACITY_KINDS, MODEL_FEATURE_FLAGS } from '@lyyp/contracts/hardware';
import { Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hardwareApi, type HardwareModel } from '../../api/hardware.api.ts';
import {
  actionColumn,
  NameWithNote,
  PagedTable,
  RowActions,
  ScreenCard,
  useEditor,
  usePagedQuery,
} from '../../blocks/index.ts';
import { HardwareModelDialog } from './HardwareModelDialog.tsx';

export default function HardwareModelListPage() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const models = usePagedQuery<HardwareModel>({
    queryKey: ['hardware-models', name],
    fetch: (paging) => hardwareApi.query({ name: name || undefined, ...paging }),
  });
  const editor = useEditor<HardwareModel>(models.refetch);

  return (
    <ScreenCard
      title={t('routes.SystemHardware')}
      add={{ label: t('hardware.add'), onClick: () => editor.open(null), testId: 'hardware-add' }}
      search={{ placeholder: t('hardware.search'), onSearch: setName }}
    >
      <PagedTable<HardwareModel>
        paged={models}
        testId="hardware-models"
        emptyText={t('hardware.empty')}
        columns={[
          {
            title: t('hardware.name'),
            dataIndex: 'name',
            width: 180,
            render: (value: string, model) => (
              <NameWithNote
                name={value}
                note={model.description}
                extra={model.builtIn ? <Tag color="blue">{t('hardware.builtIn')}</Tag> : null}
              />
            ),
          },
          {
            title: t('hardware.capacity'),
            key: 'capacity',
            width: 280,
            render: (_value, model) => (
              <Space size={[4, 4]} wrap>
                {CAPACITY_KINDS.map((kind) => (
                  <Tag key={kind}>
                    {t(`hardware.kinds.${kind}`)} {model.capacity[kind]}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('hardware.features'),
            key: 'features',
            width: 200,
            render: (_value, model) => {
              const flags = MODEL_FEATURE_FLAGS.filter((flag) => model.features[flag]);
              return flags.length === 0 ? (
                t('hardware.none')
              ) : (
                <Space size={[4, 4]} wrap>
                  {flags.map((flag) => (
                    <Tag key={flag} color="green">
                      {t(`hardware.flags.${flag}`)}
                    </Tag>
                  ))}
                </Space>
              );
            },
          },
          {
            title: t('hardware.ports'),
            key: 'ports',
            width: 120,
            render: (_value, model) =>
              t('hardware.portsText', { serial: model.features.serialPorts, lan: model.features.lanPorts }),
          },
          {
            title: t('hardware.usedBy'),
            key: 'usage',
            width: 160,
            render: (_value, model) =>
              t('hardware.usage', { gateways: model.gatewayCount, products: model.productCount }),
          },
          actionColumn(t('monitor.common.actions'), (model: HardwareModel) => (
            <RowActions
              onEdit={() => editor.open(model)}
              remove={
                model.builtIn
                  ? undefined
                  : {
                      title: t('hardware.deleteConfirm', { name: model.name }),
                      run: () => hardwareApi.delete(model.id),
                      successText: t('hardware.deleted'),
                      onDone: models.refetch,
                    }
              }
            />
          )),
        ]}
      />
      {editor.props ? <HardwareModelDialog {...editor.props} /> : null}
    </ScreenCard>
  );
}
