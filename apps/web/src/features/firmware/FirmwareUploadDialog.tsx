/**
 * The upload dialog of the firmware screen: kind, name, version and description, and one file per
 * part of the kind (application: the package; system: root filesystem and/or kernel). Each file
 * uploads as soon as it is chosen, with a progress bar, and is answered with its size and SHA-256;
 * saving names the uploaded files.
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  FIRMWARE_DESCRIPTION_MAX_LENGTH,
  FIRMWARE_FILE_MAX_BYTES,
  FIRMWARE_FILE_MAX_LABEL,
  FIRMWARE_KINDS,
  FIRMWARE_NAME_MAX_LENGTH,
  FIRMWARE_PARTS_OF_KIND,
  FIRMWARE_VERSION_MAX_LENGTH,
  checkFirmwareVersion,
  type FirmwareKind,
  type FirmwarePart,
} from '@lyyp/contracts/firmware';
import { maxLengthCheck } from '@lyyp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareApi, type FirmwareFile } from '../../api/firmware.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { locateFields, useFormFailure } from '../monitor/common/use-form-failure.ts';
import { firmwareRule, formatBytes, useDescribeFirmwareFailure } from './firmware-text.ts';

interface FormValues {
  kind: FirmwareKind;
  name: string;
  version: string;
  description?: string;
}

type PartUpload =
  | { state: 'uploading'; name: string; percent: number }
  | { state: 'done'; file: FirmwareFile }
  | { state: 'failed'; name: string; reason: string };

const FIELD_OF_PART = {
  package: 'packageFileId',
  rootfs: 'rootfsFileId',
  kernel: 'kernelFileId',
} as const satisfies Record<FirmwarePart, string>;

const FORM_FIELDS = ['kind', 'name', 'version', 'description', ...Object.values(FIELD_OF_PART)];

export function FirmwareUploadDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeFirmwareFailure();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? 'application';
  const [uploads, setUploads] = useState<Partial<Record<FirmwarePart, PartUpload>>>({});
  const controllers = useRef(new Map<FirmwarePart, AbortController>());
  const { alertText, showFailure, clearFailure } = useFormFailure(form, (field) =>
    locateFields(FORM_FIELDS)(field),
  );
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const startUpload = (part: FirmwarePart, file: File) => {
    controllers.current.get(part)?.abort();
    if (file.size > FIRMWARE_FILE_MAX_BYTES) {
      setUploads((current) => ({
        ...current,
        [part]: {
          state: 'failed',
          name: file.name,
          reason: translateCatalogue('1802', locale, { max: FIRMWARE_FILE_MAX_LABEL }),
        },
      }));
      return;
    }
    const controller = new AbortController();
    controllers.current.set(part, controller);
    setUploads((current) => ({ ...current, [part]: { state: 'uploading', name: file.name, percent: 0 } }));
    firmwareApi
      .upload(
        file,
        (loaded, total) =>
          setUploads((current) => ({
            ...current,
            [part]: { state: 'uploading', name: file.name, percent: Math.floor((loaded / total) * 100) },
          })),
        controller.signal,
      )
      .then((uploaded) =>
        setUploads((current) => ({ ...current, [part]: { state: 'done', file: uploaded } })),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setUploads((current) => ({
          ...current,
          [part]: { state: 'failed', name: file.name, reason: describeFailure(error) },
        }));
      });
  };

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const files = Object.fromEntries(
        FIRMWARE_PARTS_OF_KIND[values.kind].flatMap((part) => {
          const upload = uploads[part];
          return upload?.state === 'done' ? [[FIELD_OF_PART[part], upload.file.id]] : [];
        }),
      );
      return firmwareApi.add({
        kind: values.kind,
        name: values.name,
        version: values.version,
        ...(values.description ? { description: values.description } : {}),
        ...files,
      });
    },
    onSuccess: () => {
      void message.success(t('firmware.dialog.saved'));
      onSaved();
      onClose();
    },
    onError: showFailure,
  });
  const parts = FIRMWARE_PARTS_OF_KIND[kind];
  const uploading = parts.some((part) => uploads[part]?.state === 'uploading');

  return (
    <Modal
      open
      width={640}
      title={t('firmware.dialog.title')}
      okButtonProps={{ loading: save.isPending, disabled: uploading, id: 'firmware-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {alertText ? <Alert type="error" showIcon title={alertText} style={{ marginBottom: 12 }} /> : null}
      <Form<FormValues>
        form={form}
        name="firmware"
        layout="vertical"
        initialValues={{ kind: 'application' }}
        onValuesChange={clearFailure}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="kind" label={t('firmware.fields.kind')} required>
          <Radio.Group
            optionType="button"
            data-testid="firmware-kind"
            options={FIRMWARE_KINDS.map((value) => ({ value, label: t(`firmware.kinds.${value}`) }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {kind === 'system' ? t('firmware.dialog.hintSystem') : t('firmware.dialog.hintApplication')}{' '}
          {t('firmware.dialog.limit')}
        </Typography.Paragraph>
        <Space wrap align="start">
          <Form.Item
            name="name"
            label={t('firmware.fields.name')}
            style={{ width: 280 }}
            rules={[
              firmwareRule(
                locale,
                true,
                (value) => (value.trim() ? null : { code: '1001', params: { field: 'name' } }),
                maxLengthCheck('name', FIRMWARE_NAME_MAX_LENGTH),
              ),
            ]}
          >
            <Input maxLength={FIRMWARE_NAME_MAX_LENGTH} showCount data-testid="firmware-name" />
          </Form.Item>
          <Form.Item
            name="version"
            label={t('firmware.fields.version')}
            tooltip={t('firmware.dialog.versionHint')}
            style={{ width: 260 }}
            rules={[firmwareRule(locale, true, checkFirmwareVersion)]}
          >
            <Input
              maxLength={FIRMWARE_VERSION_MAX_LENGTH}
              placeholder="1.2.0"
              data-testid="firmware-version"
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="description"
          label={t('firmware.fields.description')}
          rules={[
            firmwareRule(locale, false, maxLengthCheck('description', FIRMWARE_DESCRIPTION_MAX_LENGTH)),
          ]}
        >
          <Input.TextArea rows={2} maxLength={FIRMWARE_DESCRIPTION_MAX_LENGTH} showCount />
        </Form.Item>
        {parts.map((part) => (
          <Form.Item
            key={part}
            name={FIELD_OF_PART[part]}
            label={t(`firmware.parts.${part}`)}
            required={kind === 'application'}
          >
            <PartPicker part={part} upload={uploads[part]} onPick={(file) => startUpload(part, file)} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

function PartPicker({
  part,
  upload,
  onPick,
}: {
  part: FirmwarePart;
  upload: PartUpload | undefined;
  onPick: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={`firmware-part-${part}`}>
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          onPick(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid={`firmware-choose-${part}`}>
          {upload ? t('firmware.dialog.replace') : t('firmware.dialog.choose')}
        </Button>
      </Upload>
      {upload ? (
        <div style={{ marginTop: 8 }}>
          <Typography.Text>{upload.state === 'done' ? upload.file.name : upload.name}</Typography.Text>
          <Progress
            percent={upload.state === 'done' ? 100 : upload.state === 'uploading' ? upload.percent : 100}
            status={upload.state === 'failed' ? 'exception' : upload.state === 'done' ? 'success' : 'active'}
            size="small"
          />
          {upload.state === 'done' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`firmware-sha-${part}`}>
              {t('firmware.dialog.uploaded', { size: formatBytes(upload.file.size) })} · SHA-256{' '}
              {upload.file.sha256}
            </Typography.Text>
          ) : upload.state === 'failed' ? (
            <Typography.Text type="danger">{upload.reason}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">
              {t('firmware.dialog.uploading', { percent: upload.percent })}
            </Typography.Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
