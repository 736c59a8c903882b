/**
 * Binding many devices from a sheet: the product they run, the template, the upload, and a result
 * for every row (bound, or refused with the catalogue's reason in the caller's language).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { fleetApi, type DeviceImportRow } from '../../api/fleet.api.ts';
import { ConsoleTable, UploadDialog } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { DEVICE_GROUPS_KEY } from './DeviceGroupsDialog.tsx';

export function DeviceImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const [productId, setProductId] = useState<string | undefined>();
  const products = useQuery({
    queryKey: ['products', 'selectable'],
    queryFn: () => catalogueApi.listSelectableProducts(),
    enabled: open,
  });
  const template = useMutation({
    mutationFn: () => fleetApi.downloadImportTemplate('xlsx'),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });
  const upload = useMutation({
    mutationFn: (file: File) => fleetApi.importDevices(productId ?? '', file, file.name),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
      await queryClient.invalidateQueries({ queryKey: DEVICE_GROUPS_KEY });
    },
  });
  return (
    <UploadDialog
      open={open}
      title={t('fleet.import.title')}
      hint={`${t('fleet.import.hint')} ${t('monitor.device.publishedOnly')}`}
      onClose={onClose}
      upload={upload}
      width={720}
      accept=".xlsx,.csv"
      acceptText="XLSX, CSV"
      disabled={!productId}
      chooseText={productId ? undefined : t('fleet.import.chooseProduct')}
      before={
        <Space wrap>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 280 }}
            placeholder={t('fleet.import.product')}
            loading={products.isPending}
            value={productId}
            onChange={setProductId}
            data-testid="import-product"
            options={(products.data ?? []).map((product) => ({
              value: product.id,
              label: product.productModel ? `${product.title} (${product.productModel})` : product.title,
            }))}
          />
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
            {t('fleet.import.template')}
          </Button>
        </Space>
      }
    >
      {upload.error ? (
        <Alert type="error" showIcon role="alert" title={describeFailure(upload.error)} />
      ) : null}
      {upload.data ? (
        <>
          <Alert
            type={upload.data.refused > 0 ? 'warning' : 'success'}
            showIcon
            title={t('fleet.import.result', { bound: upload.data.bound, refused: upload.data.refused })}
          />
          <ConsoleTable<DeviceImportRow>
            rowKey="row"
            testId="import-result"
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            rows={upload.data.rows}
            emptyText={null}
            columns={[
              { title: t('fleet.import.row'), dataIndex: 'row', width: 60 },
              { title: 'SN', dataIndex: 'sn', width: 140 },
              {
                title: t('fleet.import.status'),
                dataIndex: 'status',
                width: 90,
                render: (status: DeviceImportRow['status']) => (
                  <Tag color={status === 'bound' ? 'green' : 'red'}>{t(`fleet.import.${status}`)}</Tag>
                ),
              },
              {
                title: t('fleet.import.reason'),
                dataIndex: 'message',
                render: (text: string | null) => text ?? '',
              },
            ]}
          />
        </>
      ) : null}
    </UploadDialog>
  );
}
