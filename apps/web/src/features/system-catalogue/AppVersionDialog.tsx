/**
 * Adding or editing an app version: name, version, identifier, enterprise, the two platform links
 * (http or https, checked here with the contract's rule and again by the platform), the package
 * itself (uploaded to the platform, which fills the platform's link), release notes and whether it
 * becomes the latest. A refusal that names an input shows on that input.
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
import { Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type AppVersion } from '../../api/system-catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog, TextField, type EditDialogProps } from '../../blocks/index.ts';
import { AppPackageUpload } from './AppPackageUpload.tsx';

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

const FIELDS = ['name', 'version', 'identifier', 'enterprise', 'iosUrl', 'androidUrl', 'description'];

export function AppVersionDialog({ item: version, onClose, onSaved }: EditDialogProps<AppVersion>) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const submit = (values: VersionFormValues) => {
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
  };
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
    <FormDialog<VersionFormValues>
      width={640}
      title={version ? t('systemCatalogue.version.edit') : t('systemCatalogue.version.add')}
      name="appVersion"
      initialValues={initial}
      fields={FIELDS}
      submit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col span={12}>
          <TextField
            name="name"
            label={t('systemCatalogue.version.name')}
            required={t('systemCatalogue.version.required.name')}
            maxLength={APP_NAME_MAX_LENGTH}
          />
        </Col>
        <Col span={12}>
          <TextField
            name="version"
            label={t('systemCatalogue.version.version')}
            required={t('systemCatalogue.version.required.version')}
            maxLength={FIRMWARE_VERSION_MAX_LENGTH}
            placeholder="1.0.0"
          />
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
      <AppPackageUpload />
      <Form.Item name="description" label={t('systemCatalogue.version.description')}>
        <Input.TextArea maxLength={APP_DESCRIPTION_MAX_LENGTH} showCount rows={3} />
      </Form.Item>
      <Form.Item name="latest" label={t('systemCatalogue.version.latestSwitch')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
