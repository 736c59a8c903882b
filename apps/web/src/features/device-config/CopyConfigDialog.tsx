/**
 * Copies a device's own settings to other devices of its product (§9: their gateways must be
 * online and of the same series). Each target is copied or refused on its own; the answer lists
 * the result of each in the reader's language.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { deviceConfigApi, type DeviceConfigCopyAnswer } from '../../api/device-config.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { ConsoleTable } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

interface CopyConfigDialogProps {
  deviceId: string;
  productId: string;
  open: boolean;
  onClose: () => void;
}

export function CopyConfigDialog({ deviceId, productId, open, onClose }: CopyConfigDialogProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const [targets, setTargets] = useState<string[]>([]);
  const [answer, setAnswer] = useState<DeviceConfigCopyAnswer | null>(null);
  const candidates = useQuery({
    queryKey: ['device-config-copy-candidates', productId],
    queryFn: () => catalogueApi.queryDevices({ productId, page: 1, pageSize: 1000 }),
    enabled: open,
  });
  const copy = useMutation({
    mutationFn: () => deviceConfigApi.copy(deviceId, targets),
    onSuccess: setAnswer,
  });
  const options = (candidates.data?.list ?? [])
    .filter((device) => device.id !== deviceId)
    .map((device) => ({ value: device.id, label: `${device.name} · ${device.gatewaySn}` }));
  const names = new Map(options.map((option) => [option.value, option.label]));
  const close = () => {
    setTargets([]);
    setAnswer(null);
    copy.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('deviceConfig.copy.title')}
      okText={t('deviceConfig.copy.submit')}
      cancelText={answer ? t('deviceConfig.copy.close') : undefined}
      okButtonProps={{ disabled: targets.length === 0 || answer !== null, loading: copy.isPending }}
      onOk={() => copy.mutate()}
      onCancel={close}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('deviceConfig.copy.hint')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t('deviceConfig.copy.targets')}>
          <Select
            mode="multiple"
            value={targets}
            onChange={setTargets}
            options={options}
            loading={candidates.isLoading}
            notFoundContent={t('deviceConfig.copy.noCandidates')}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="copy-targets"
          />
        </Form.Item>
      </Form>
      {copy.error ? <Alert type="error" showIcon title={describeFailure(copy.error)} /> : null}
      {answer ? (
        <>
          <Alert
            type={answer.failed ? 'warning' : 'success'}
            showIcon
            title={t('deviceConfig.copy.result', { copied: answer.copied, failed: answer.failed })}
            style={{ marginBottom: 12 }}
            data-testid="copy-result"
          />
          <ConsoleTable
            rows={answer.results}
            emptyText={null}
            columns={[
              {
                title: t('deviceConfig.copy.targets'),
                dataIndex: 'id',
                render: (id: string) => names.get(id) ?? id,
              },
              {
                title: t('deviceConfig.copy.resultColumn'),
                dataIndex: 'state',
                render: (_state: string, row) =>
                  row.code ? (
                    <Tag color="error">{translateCatalogue(row.code, locale)}</Tag>
                  ) : (
                    <Tag color="processing">{t('deviceConfig.syncState.syncing')}</Tag>
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
