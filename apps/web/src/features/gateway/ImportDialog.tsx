/**
 * Importing gateways from a CSV or XLSX sheet (operation staff). The platform imports all rows or
 * none; a refused sheet names the row and column at fault, shown here as such.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { UploadDialog } from '../../blocks/index.ts';
import { ImportFailure } from '../monitor/common/ImportFailure.tsx';

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => catalogueApi.importGateways(file, file.name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['gateways'] }),
  });

  return (
    <UploadDialog
      open={open}
      title={t('monitor.gateway.import')}
      hint={t('monitor.gateway.importHint')}
      onClose={onClose}
      upload={upload}
      accept=".csv,.xlsx"
      acceptText="CSV, XLSX"
    >
      {upload.data ? (
        <Alert
          type="success"
          showIcon
          title={t('monitor.gateway.imported', { count: upload.data.imported })}
          description={
            upload.data.generatedSecrets > 0
              ? t('monitor.gateway.generatedSecrets', { count: upload.data.generatedSecrets })
              : undefined
          }
        />
      ) : null}
      <ImportFailure
        error={upload.error}
        rowErrorKey="monitor.gateway.importRowError"
        failedKey="monitor.gateway.importFailed"
      />
    </UploadDialog>
  );
}
