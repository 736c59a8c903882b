/**
 * Adding or editing an app version: name, version, identifier, enterprise, the two platform links
 * (http or https, checked here with the contract's rule and again by the platform), release notes
 * and whether it becomes the latest. A refusal that names an input shows on that input.
 */
import {
  checkAppLink,
  APP_DESCRIPTION_MAX_LENGTH,
  APP_ENTERPRISE_MAX_LENGTH,
  APP_IDENTIFIER_MAX_LENGTH,
  APP_NAME_MAX_LENGTH,
} from '@lyyp/contracts/system';
import { FIRMWARE_VERSION_MAX_LENGTH } from '@lyyp/contracts/firmware';
import { translateError } from '@lyyp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, Modal, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type AppVersion } from '../../api/system-catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { locateFields, useFormFailure } from '../monitor/common/use-form-failure.ts';

interface VersionFormValues {
  name: string;
  version: string;
  identifier: string;
  enterprise?: string;
  iosUrl?: string;
  androidUrl?: string;
  description?: string;
  latest: boolean;
}

const locate = locateFields([
  'name',
  'version',
  'identifier',
  'enterprise',
  'iosUrl',
  'androidUrl',
  'description',
]);

export function AppVersionDialog({
  version,
  onClose,
  onSaved,
}: {
  version: AppVersion | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<VersionFormValues>();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locate);
  const save = useMutation({
    mutationFn: (values: VersionFormValues) => {
      const body = {
        name: values.name.trim(),
        version: values.version.trim(),
        identifier: values.identifier.trim(),
        enterprise: values.enterprise?.trim() ?? '',
        iosUrl: values.iosUrl?.trim() ?? '',
        androidUrl: values.androidUrl?.trim() ?? '',
        description: values.description?.trim() ?? '',
        latest: values.latest,
      };
      return version
        ? systemCatalogueApi.appVersions.edit({ ...body, id: version.id })
        : systemCatalogueApi.appVersions.add(body);
    },
    onSuccess: () => {
      void message.success(t('monitor.common.saved'));
      onSaved();
      onClose();
    },
    onError: showFailure,
  });
  const linkRule = (field: 'iosUrl' | 'androidUrl') => ({
    validator: (_rule: unknown, value: string | undefined) => {
      const violation = checkAppLink(field)(value ?? '');
      return violation
        ? Promise.reject(
            new Error(
              translateError(violation.code, locale, {
                ...violation.params,
                field: t(`systemCatalogue.version.${field}`),
              }),
            ),
          )
        : Promise.resolve();
    },
  });
  const initial: VersionFormValues = version
    ? { ...version }
    : {
        name: '',
        version: '',
        identifier: '',
        enterprise: '',
        iosUrl: '',
        androidUrl: '',
        description: '',
        latest: true,
      };

  return (
    <Modal
      open
      width={640}
      title={version ? t('systemCatalogue.version.edit') : t('systemCatalogue.version.add')}
      okText={t('monitor.common.save')}
      cancelText={t('monitor.common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {alertText ? <Alert type="error" showIcon title={alertText} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        name="appVersion"
        initialValues={initial}
        onValuesChange={clearFailure}
        onFinish={(values) => save.mutate(values)}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('systemCatalogue.version.name')}
              rules={[
                { required: true, whitespace: true, message: t('systemCatalogue.version.required.name') },
              ]}
            >
              <Input maxLength={APP_NAME_MAX_LENGTH} showCount />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="version"
              label={t('systemCatalogue.version.version')}
              rules={[
                { required: true, whitespace: true, message: t('systemCatalogue.version.required.version') },
              ]}
            >
              <Input maxLength={FIRMWARE_VERSION_MAX_LENGTH} showCount placeholder="1.0.0" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="identifier"
              label={t('systemCatalogue.version.identifier')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('systemCatalogue.version.required.identifier'),
                },
              ]}
            >
              <Input
                maxLength={APP_IDENTIFIER_MAX_LENGTH}
                placeholder={t('systemCatalogue.version.identifierHint')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enterprise" label={t('systemCatalogue.version.enterprise')}>
              <Input maxLength={APP_ENTERPRISE_MAX_LENGTH} showCount />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="iosUrl" label={t('systemCatalogue.version.iosUrl')} rules={[linkRule('iosUrl')]}>
          <Input placeholder={t('systemCatalogue.version.linkHint')} />
        </Form.Item>
        <Form.Item
          name="androidUrl"
          label={t('systemCatalogue.version.androidUrl')}
          rules={[linkRule('androidUrl')]}
        >
          <Input placeholder={t('systemCatalogue.version.linkHint')} />
        </Form.Item>
        <Form.Item name="description" label={t('systemCatalogue.version.description')}>
          <Input.TextArea maxLength={APP_DESCRIPTION_MAX_LENGTH} showCount rows={3} />
        </Form.Item>
        <Form.Item name="latest" label={t('systemCatalogue.version.latestSwitch')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
