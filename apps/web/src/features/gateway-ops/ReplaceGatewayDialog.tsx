/** Replacing a device's gateway: the new gateway's SN and verification code, and an explicit confirmation. */
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAY_CODE_LENGTH, SN_LENGTH } from '@lyyp/contracts';
import { checkGatewayCode, checkSn } from '@lyyp/contracts/gateway';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import type { GatewayActionProps } from './ConfirmedActionDialog.tsx';
import { describeOpsFailure } from './gateway-ops-text.ts';

export function ReplaceGatewayDialog({ deviceId, open, onClose, onDone }: GatewayActionProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ sn: string; code: string }>();
  const [confirmed, setConfirmed] = useState(false);
  const replace = useMutation({
    mutationFn: (values: { sn: string; code: string }) =>
      gatewayOpsApi.replace(deviceId, values.sn.trim(), values.code.trim()),
    onSuccess: (replacement) => {
      void message.success(t('gatewayOps.replace.done', { sn: replacement.newSn }));
      form.resetFields();
      setConfirmed(false);
      onDone();
    },
    onError: (error) => void message.error(describeOpsFailure(error, locale)),
  });
  const rule = (check: typeof checkSn) => ({
    validator: (_: unknown, value: string | undefined) => {
      const violation = check(value ?? '');
      return violation
        ? Promise.reject(new Error(translateCatalogue(violation.code, locale, violation.params)))
        : Promise.resolve();
    },
  });

  return (
    <Modal
      open={open}
      title={t('gatewayOps.replace.title')}
      okText={t('gatewayOps.replace.submit')}
      okButtonProps={{
        danger: true,
        disabled: !confirmed,
        loading: replace.isPending,
        'data-testid': 'replace-submit',
      }}
      // A refused form shows its messages on the inputs; nothing else is left to handle.
      onOk={() =>
        void form.validateFields().then(
          (values) => replace.mutate(values),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('gatewayOps.replace.intro')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="sn" label={t('gatewayOps.replace.sn')} rules={[rule(checkSn)]}>
          <Input maxLength={SN_LENGTH} inputMode="numeric" data-testid="replace-sn" />
        </Form.Item>
        <Form.Item name="code" label={t('gatewayOps.replace.code')} rules={[rule(checkGatewayCode)]}>
          <Input maxLength={GATEWAY_CODE_LENGTH} inputMode="numeric" data-testid="replace-code" />
        </Form.Item>
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          data-testid="replace-confirm"
        >
          {t('gatewayOps.replace.confirm')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
