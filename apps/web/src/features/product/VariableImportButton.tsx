/**
 * Importing variables from XLSX or CSV: merged by key into the model, or replacing it. The platform
 * imports all rows or none; a refused sheet names the row and column at fault.
 */
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Modal, Radio, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { ImportFailure } from '../monitor/common/ImportFailure.tsx';
import { useModelChanged } from './use-product.ts';

export function VariableImportButton({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const modelChanged = useModelChanged(productId);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const upload = useMutation({
    mutationFn: (file: File) => catalogueApi.importVariables(productId, file, file.name, mode),
    onSuccess: async (change) => {
      await modelChanged(change);
      void message.success(t('monitor.variable.imported', { count: change.imported }));
      setOpen(false);
    },
  });

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('monitor.variable.import')}
      </Button>
      <Modal
        open={open}
        title={t('monitor.variable.import')}
        footer={null}
        onCancel={() => {
          upload.reset();
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as 'merge' | 'replace')}
            options={[
              { value: 'merge', label: t('monitor.variable.importMerge') },
              { value: 'replace', label: t('monitor.variable.importReplace') },
            ]}
          />
          <Upload
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
              {t('monitor.common.chooseFile')}
            </Button>
          </Upload>
          <ImportFailure
            error={upload.error}
            rowErrorKey="monitor.variable.importRowError"
            failedKey="monitor.variable.importFailed"
          />
        </Space>
      </Modal>
    </>
  );
}
