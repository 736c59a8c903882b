/**
 * Saving the selection (a group, a faceplate instance, or the whole page) as a faceplate template
 * of the product. A new template asks for its name and the device parameter; an instance makes
 * the next version of its template and updates every instance on the page in one undo step.
 */
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FACEPLATE_PARAMETER_NAME,
  translateDesignerRejection,
  type FaceplateTemplate,
} from '@lyyp/contracts/designer';
import { describeError } from '../../app/messages.ts';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { useDesignerData } from '../panels/designer-data.ts';
import { BROWSER_DEPS } from '../state/designer-store.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { faceplateApi } from './faceplate-api.ts';
import { buildTemplate, type FaceplateSource } from './faceplate-source.ts';

interface SaveFields {
  readonly title: string;
  readonly parameter: string;
}

export interface FaceplateSaveModalProps {
  readonly source: FaceplateSource;
  readonly stored: FaceplateTemplate | undefined;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

export function FaceplateSaveModal({ source, stored, onClose, onSaved }: FaceplateSaveModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useDesignerLocale();
  const { productId } = useDesignerData();
  const store = useDesignerStore();
  const document = useDesigner((state) => state.editor.document);
  const [form] = Form.useForm<SaveFields>();
  const [busy, setBusy] = useState(false);
  const instance = source.kind === 'instance';
  const initialTitle = stored?.title ?? (source.kind === 'page' ? document.title : source.group.widgetName);

  const submit = async (fields: SaveFields) => {
    const built = buildTemplate(document, source, {
      id: BROWSER_DEPS.createId(),
      title: fields.title.trim(),
      parameter: fields.parameter,
      stored,
    });
    if (!built.ok) {
      void message.warning(
        translateDesignerRejection(built.rejection.reason, locale, built.rejection.params),
      );
      return;
    }
    setBusy(true);
    try {
      await faceplateApi.save(productId, built.value);
      void message.success(
        t('designerStudio.faceplates.saved', { title: built.value.title, version: built.value.version }),
      );
      if (instance) store.getState().run({ name: 'update-faceplates', template: built.value });
      onSaved();
    } catch (error) {
      void message.error(describeError(error, locale));
    } finally {
      setBusy(false);
    }
  };

  const hint =
    source.kind === 'instance'
      ? t('designerStudio.faceplates.sourceInstance', { title: stored?.title ?? source.group.widgetName })
      : source.kind === 'page'
        ? t('designerStudio.faceplates.sourcePage')
        : t('designerStudio.faceplates.sourceGroup');

  return (
    <Modal
      open
      title={instance ? t('designerStudio.faceplates.saveVersion') : t('designerStudio.faceplates.save')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-faceplate-save-ok': 'true' }}
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form<SaveFields>
        form={form}
        layout="vertical"
        initialValues={{ title: initialTitle, parameter: 'device' }}
        onFinish={(fields) => void submit(fields)}
      >
        <Form.Item
          name="title"
          label={t('designerStudio.faceplates.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: 64,
              message: t('designerStudio.faceplates.nameRequired'),
            },
          ]}
        >
          <Input data-faceplate-title maxLength={64} />
        </Form.Item>
        {instance ? null : (
          <Form.Item
            name="parameter"
            label={t('designerStudio.faceplates.parameter')}
            rules={[
              { pattern: FACEPLATE_PARAMETER_NAME, message: t('designerStudio.faceplates.parameterRule') },
            ]}
          >
            <Input data-faceplate-parameter maxLength={32} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
