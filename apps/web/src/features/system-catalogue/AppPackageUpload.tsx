/**
 * The package of an app version: an .apk, .hap or .ipa of at most 200 MB, checked here with the
 * contract's rule and again by the platform, uploaded with a progress bar. Once stored, its public
 * address goes into the platform's link of the form (iOS for .ipa, Android otherwise), so the
 * download page shows it with a QR code a phone can scan.
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  APP_FILE_EXTENSIONS,
  APP_FILE_KINDS,
  appFileExtensionOf,
  checkAppFile,
} from '@lyyp/contracts/system';
import { Button, Form, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appFileApi } from '../../api/app-file.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { formatBytes } from '../firmware/firmware-text.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

type PackageState =
  | { state: 'uploading'; name: string; percent: number }
  | { state: 'done'; name: string; size: number }
  | { state: 'failed'; name: string; reason: string };

export function AppPackageUpload() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const [upload, setUpload] = useState<PackageState | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Closing the dialog stops an upload still running.
  useEffect(() => () => controller.current?.abort(), []);

  const pick = (file: File) => {
    const violation = checkAppFile(file.name, file.size);
    if (violation) {
      setUpload({
        state: 'failed',
        name: file.name,
        reason: translateCatalogue(violation.code, locale, violation.params),
      });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setUpload({ state: 'uploading', name: file.name, percent: 0 });
    appFileApi
      .upload(
        file,
        (loaded, total) =>
          setUpload({ state: 'uploading', name: file.name, percent: Math.floor((loaded / total) * 100) }),
        current.signal,
      )
      .then((stored) => {
        const extension = appFileExtensionOf(stored.name);
        const field = extension && APP_FILE_KINDS[extension].platform === 'ios' ? 'iosUrl' : 'androidUrl';
        form.setFieldValue(field, new URL(stored.url, window.location.origin).href);
        void form.validateFields([field]);
        setUpload({ state: 'done', name: stored.name, size: stored.size });
      })
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        setUpload({ state: 'failed', name: file.name, reason: describeFailure(error) });
      });
  };

  return (
    <Form.Item label={t('systemCatalogue.version.package')} extra={t('systemCatalogue.version.packageHint')}>
      <Upload
        accept={APP_FILE_EXTENSIONS.map((type) => `.${type}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          pick(file);
          return false;
        }}
      >
        <Button
          icon={<UploadOutlined />}
          data-testid="app-package-choose"
          loading={upload?.state === 'uploading'}
        >
          {t('systemCatalogue.version.packageChoose')}
        </Button>
      </Upload>
      {upload ? (
        <div style={{ marginTop: 8 }} data-testid="app-package-state">
          <Progress
            percent={upload.state === 'uploading' ? upload.percent : 100}
            status={upload.state === 'failed' ? 'exception' : upload.state === 'done' ? 'success' : 'active'}
            size="small"
          />
          {upload.state === 'done' ? (
            <Typography.Text type="secondary">
              {t('systemCatalogue.version.packageUploaded', {
                name: upload.name,
                size: formatBytes(upload.size),
              })}
            </Typography.Text>
          ) : upload.state === 'failed' ? (
            <Typography.Text type="danger">{upload.reason}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">
              {t('systemCatalogue.version.packageUploading', { percent: upload.percent })}
            </Typography.Text>
          )}
        </div>
      ) : null}
    </Form.Item>
  );
}
