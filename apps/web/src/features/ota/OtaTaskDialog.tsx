/**
 * The new upgrade task dialog: the target firmware, which gateways (all of the product, a chosen
 * list showing who may upgrade now, or those on a version), and the size of the first batch.
 */
import { OTA_TARGET_MODES, type OtaTargetMode } from '@lyyp/contracts/ota';
import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Radio, Select, Space, Tag, Typography, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { otaApi, type OtaTaskDetail } from '../../api/ota.api.ts';
import { FormDialog } from '../../blocks/index.ts';
import { useDescribeFirmwareFailure } from '../firmware/firmware-text.ts';

interface Fields {
  firmwareId?: string;
  target: OtaTargetMode;
  sns?: string[];
  fromVersion?: string;
  firstBatch?: number | null;
}

/** A choice the task needs: asked for when left empty. */
function RequiredChoice({
  name,
  label,
  testId,
  ...select
}: { name: string; label: string; testId: string } & Pick<SelectProps, 'options' | 'loading' | 'mode'>) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('firmware.ota.choose') }]}>
      <Select data-testid={testId} placeholder={t('firmware.ota.choose')} {...select} />
    </Form.Item>
  );
}

export function OtaTaskDialog({
  productId,
  open,
  onClose,
  onCreated,
}: {
  productId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (task: OtaTaskDetail) => void;
}) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFirmwareFailure();
  const [form] = Form.useForm<Fields>();
  const target = Form.useWatch('target', form) ?? 'all';
  const firmwareId = Form.useWatch('firmwareId', form);
  const firmware = useQuery({
    queryKey: ['ota-firmware', productId],
    queryFn: () => otaApi.firmware(productId),
    enabled: open,
  });
  const gateways = useQuery({
    queryKey: ['ota-gateways', productId],
    queryFn: () => otaApi.gateways(productId),
    enabled: open,
  });
  const kind = firmware.data?.list.find((item) => item.id === firmwareId)?.kind ?? 'application';
  const versions = [
    ...new Set(
      (gateways.data?.list ?? [])
        .map((gateway) => (kind === 'application' ? gateway.firmware : gateway.systemFirmware))
        .filter((version): version is string => Boolean(version)),
    ),
  ];
  const create = (fields: Fields) =>
    otaApi.add({
      productId,
      firmwareId: fields.firmwareId ?? '',
      target: fields.target,
      ...(fields.target === 'list' ? { sns: fields.sns ?? [] } : {}),
      ...(fields.target === 'version' ? { fromVersion: fields.fromVersion ?? '' } : {}),
      firstBatch: fields.firstBatch ?? 0,
    });

  return (
    <FormDialog<Fields, OtaTaskDetail>
      open={open}
      title={t('firmware.ota.add')}
      okText={t('firmware.ota.add')}
      onClose={onClose}
      form={form}
      width={560}
      testId="ota-dialog"
      initialValues={{ target: 'all', firstBatch: 0 }}
      describeError={describeFailure}
      submit={create}
      successText={t('firmware.ota.created')}
      onSaved={(task) => {
        form.resetFields();
        onCreated(task);
      }}
    >
      <RequiredChoice
        name="firmwareId"
        label={t('firmware.ota.fields.firmware')}
        testId="ota-firmware"
        loading={firmware.isFetching}
        options={(firmware.data?.list ?? []).map((item) => ({
          value: item.id,
          label: `${item.name} · ${item.version} (${t(`firmware.kinds.${item.kind}`)})`,
        }))}
      />
      <Form.Item name="target" label={t('firmware.ota.fields.target')}>
        <Radio.Group data-testid="ota-target">
          {OTA_TARGET_MODES.map((mode) => (
            <Radio key={mode} value={mode}>
              {t(`firmware.ota.targets.${mode}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {target === 'list' ? (
        <RequiredChoice
          name="sns"
          label={t('firmware.ota.fields.sns')}
          testId="ota-sns"
          mode="multiple"
          options={(gateways.data?.list ?? []).map((gateway) => ({
            value: gateway.sn,
            label: (
              <Space size={4}>
                <span>{gateway.sn}</span>
                <Typography.Text type="secondary">{gateway.deviceName}</Typography.Text>
                <Tag color={gateway.qualifies ? 'green' : 'default'}>
                  {gateway.qualifies ? t('firmware.ota.qualifies') : t('firmware.ota.notQualified')}
                </Tag>
              </Space>
            ),
          }))}
        />
      ) : null}
      {target === 'version' ? (
        <RequiredChoice
          name="fromVersion"
          label={t('firmware.ota.fields.fromVersion')}
          testId="ota-from-version"
          options={versions.map((version) => ({ value: version, label: version }))}
        />
      ) : null}
      <Form.Item
        name="firstBatch"
        label={t('firmware.ota.fields.firstBatch')}
        extra={t('firmware.ota.firstBatchHint')}
      >
        <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="ota-first-batch" />
      </Form.Item>
    </FormDialog>
  );
}
