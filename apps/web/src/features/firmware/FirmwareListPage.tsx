/**
 * Firmware (/manage/system/firmware, §2): application and system firmware with their files, sizes
 * and SHA-256 checksums, filtered by kind and a keyword; upload new firmware with a progress bar
 * per file; delete firmware with its files.
 */
import { FIRMWARE_KINDS, type FirmwareKind } from '@lyyp/contracts/firmware';
import { Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareApi, type FirmwareItem } from '../../api/firmware.api.ts';
import {
  actionColumn,
  ConfirmButton,
  PagedTable,
  ScreenCard,
  timeColumn,
  usePagedQuery,
} from '../../blocks/index.ts';
import { formatBytes, useDescribeFirmwareFailure } from './firmware-text.ts';
import { FirmwareUploadDialog } from './FirmwareUploadDialog.tsx';

export default function FirmwareListPage() {
  const { t } = useTranslation();
  const describeFailure = useDescribeFirmwareFailure();
  const [kind, setKind] = useState<FirmwareKind | undefined>();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const firmware = usePagedQuery<FirmwareItem>({
    queryKey: ['firmware', kind, keyword],
    fetch: (paging) => firmwareApi.list({ kind, keyword: keyword || undefined, ...paging }),
  });

  return (
    <ScreenCard
      title={t('routes.SystemFirmware')}
      add={{ label: t('firmware.list.add'), onClick: () => setAdding(true), testId: 'firmware-add' }}
      search={{ placeholder: t('firmware.list.search'), onSearch: setKeyword, width: 240 }}
      filters={
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('firmware.fields.kind')}
          value={kind}
          onChange={(next: FirmwareKind | undefined) => setKind(next)}
          options={FIRMWARE_KINDS.map((value) => ({ value, label: t(`firmware.kinds.${value}`) }))}
        />
      }
    >
      <PagedTable<FirmwareItem>
        paged={firmware}
        testId="firmware-list"
        describeError={describeFailure}
        scroll={{ x: 1000 }}
        emptyText={t('firmware.list.empty')}
        columns={[
          {
            title: t('firmware.fields.name'),
            dataIndex: 'name',
            width: 170,
            render: (value: string, item) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{value}</Typography.Text>
                {item.description ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.description}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('firmware.fields.kind'),
            dataIndex: 'kind',
            width: 150,
            render: (value: FirmwareKind) => (
              <Tag color={value === 'system' ? 'purple' : 'blue'}>{t(`firmware.kinds.${value}`)}</Tag>
            ),
          },
          { title: t('firmware.fields.version'), dataIndex: 'version', width: 110 },
          {
            title: t('firmware.list.parts'),
            key: 'parts',
            render: (_value, item) => (
              <Space orientation="vertical" size={2}>
                {item.parts.map((part) => (
                  <div key={part.id}>
                    <div>
                      <Typography.Text strong>{t(`firmware.parts.${part.part}`)}</Typography.Text>
                      {' · '}
                      <Typography.Text>{part.name}</Typography.Text>{' '}
                      <Typography.Text type="secondary">({formatBytes(part.size)})</Typography.Text>
                    </div>
                    <Typography.Text type="secondary">{t('firmware.list.checksum')} </Typography.Text>
                    <Typography.Text
                      type="secondary"
                      code
                      copyable={{
                        text: part.sha256,
                        tooltips: [t('firmware.list.checksum'), t('firmware.list.copied')],
                      }}
                    >
                      {part.sha256.slice(0, 16)}…
                    </Typography.Text>
                  </div>
                ))}
              </Space>
            ),
          },
          {
            title: t('firmware.list.size'),
            dataIndex: 'size',
            width: 90,
            render: (value: number) => formatBytes(value),
          },
          timeColumn(t('firmware.list.createdAt'), 'createdAt'),
          actionColumn(
            t('firmware.list.actions'),
            (item) => (
              <ConfirmButton
                label={t('firmware.list.delete')}
                title={t('firmware.list.deleteConfirm', { name: item.name, version: item.version })}
                okText={t('firmware.list.delete')}
                run={() => firmwareApi.remove(item.id)}
                successText={t('firmware.list.deleted')}
                onDone={firmware.refetch}
                describeError={describeFailure}
              />
            ),
            90,
          ),
        ]}
      />
      {adding ? (
        <FirmwareUploadDialog onClose={() => setAdding(false)} onSaved={() => void firmware.refetch()} />
      ) : null}
    </ScreenCard>
  );
}
