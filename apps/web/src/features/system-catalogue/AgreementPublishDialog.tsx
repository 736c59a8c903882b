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
import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type AgreementText } from '../../api/system-catalogue.api.ts';
import { FormDialog, TextField } from '../../blocks/index.ts';

interface PublishValues {
  kind: AgreementKind;
  version: string;
  title: string;
  content: string;
}

const FIELDS = ['kind', 'version', 'title', 'content'];

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
  const [form] = Form.useForm<PublishValues>();
  const a = (key: string) => t(`systemCatalogue.agreement.${key}`);
  return (
    <FormDialog<PublishValues, AgreementText>
      width={720}
      title={a('publish')}
      okText={a('publish')}
      form={form}
      name="agreementPublish"
      fields={FIELDS}
      initialValues={{ kind, version: '', title: a(`kinds.${kind}`), content: '' }}
      submit={(values) =>
        systemCatalogueApi.agreements.publish({
          ...values,
          version: values.version.trim(),
          title: values.title.trim(),
        })
      }
      successText={a('published')}
      onSaved={(published) => onPublished(published.kind)}
      onClose={onClose}
      onValuesChange={(changed, values) => {
        // The title follows the kind until someone writes their own.
        const defaults = AGREEMENT_KINDS.map((value) => a(`kinds.${value}`));
        if (changed.kind && (!values.title?.trim() || defaults.includes(values.title.trim())))
          form.setFieldValue('title', a(`kinds.${changed.kind}`));
      }}
    >
      <Typography.Paragraph type="secondary">{a('publishHint')}</Typography.Paragraph>
      <Form.Item name="kind" label={t('systemCatalogue.agreement.kind')}>
        <Radio.Group
          optionType="button"
          options={AGREEMENT_KINDS.map((value) => ({
            value,
            label: t(`systemCatalogue.agreement.kinds.${value}`),
          }))}
        />
      </Form.Item>
      <TextField
        name="version"
        label={a('version')}
        required={a('required.version')}
        maxLength={FIRMWARE_VERSION_MAX_LENGTH}
        placeholder="1.0"
      />
      <TextField
        name="title"
        label={a('title')}
        required={a('required.title')}
        maxLength={AGREEMENT_TITLE_MAX_LENGTH}
      />
      <TextField
        name="content"
        label={a('content')}
        required={a('required.content')}
        maxLength={AGREEMENT_CONTENT_MAX_LENGTH}
        showCount={false}
        rows={12}
      />
    </FormDialog>
  );
}
