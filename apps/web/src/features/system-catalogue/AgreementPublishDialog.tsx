/**
 * Publishing a new version of the user agreement or the privacy policy: kind, version number,
 * title and text. Once published it is the current version; a taken version number shows on its input.
 */
import {
  AGREEMENT_CONTENT_MAX_LENGTH,
  AGREEMENT_KINDS,
  AGREEMENT_TITLE_MAX_LENGTH,
  type AgreementKind,
} from '@lyyp/contracts/system';
import { FIRMWARE_VERSION_MAX_LENGTH } from '@lyyp/contracts/firmware';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi } from '../../api/system-catalogue.api.ts';
import { locateFields, useFormFailure } from '../monitor/common/use-form-failure.ts';

interface PublishValues {
  kind: AgreementKind;
  version: string;
  title: string;
  content: string;
}

const locate = locateFields(['kind', 'version', 'title', 'content']);

export function AgreementPublishDialog({
  kind,
  onClose,
  onPublished,
}: {
  kind: AgreementKind;
  onClose: () => void;
  onPublished: (kind: AgreementKind) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PublishValues>();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locate);
  const publish = useMutation({
    mutationFn: (values: PublishValues) =>
      systemCatalogueApi.agreements.publish({
        ...values,
        version: values.version.trim(),
        title: values.title.trim(),
      }),
    onSuccess: (published) => {
      void message.success(t('systemCatalogue.agreement.published'));
      onPublished(published.kind);
      onClose();
    },
    onError: showFailure,
  });
  return (
    <Modal
      open
      width={720}
      title={t('systemCatalogue.agreement.publish')}
      okText={t('systemCatalogue.agreement.publish')}
      cancelText={t('monitor.common.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {alertText ? <Alert type="error" showIcon title={alertText} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">
        {t('systemCatalogue.agreement.publishHint')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="agreementPublish"
        initialValues={{
          kind,
          version: '',
          title: t(`systemCatalogue.agreement.kinds.${kind}`),
          content: '',
        }}
        onValuesChange={(changed: Partial<PublishValues>, values: PublishValues) => {
          clearFailure();
          // The title follows the kind until someone writes their own.
          const defaults = AGREEMENT_KINDS.map((value) => t(`systemCatalogue.agreement.kinds.${value}`));
          if (changed.kind && (!values.title?.trim() || defaults.includes(values.title.trim())))
            form.setFieldValue('title', t(`systemCatalogue.agreement.kinds.${changed.kind}`));
        }}
        onFinish={(values) => publish.mutate(values)}
      >
        <Form.Item name="kind" label={t('systemCatalogue.agreement.kind')}>
          <Radio.Group
            optionType="button"
            options={AGREEMENT_KINDS.map((value) => ({
              value,
              label: t(`systemCatalogue.agreement.kinds.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('systemCatalogue.agreement.version')}
          rules={[
            { required: true, whitespace: true, message: t('systemCatalogue.agreement.required.version') },
          ]}
        >
          <Input maxLength={FIRMWARE_VERSION_MAX_LENGTH} showCount placeholder="1.0" />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('systemCatalogue.agreement.title')}
          rules={[
            { required: true, whitespace: true, message: t('systemCatalogue.agreement.required.title') },
          ]}
        >
          <Input maxLength={AGREEMENT_TITLE_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('systemCatalogue.agreement.content')}
          rules={[
            { required: true, whitespace: true, message: t('systemCatalogue.agreement.required.content') },
          ]}
        >
          <Input.TextArea maxLength={AGREEMENT_CONTENT_MAX_LENGTH} rows={12} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
