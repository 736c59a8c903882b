/** The small form behind New page, Rename and Copy: a title (and the kind, for a new page). */
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { requiredText } from '../auth/form-rules.ts';
import { locateFields, useFormFailure } from '../monitor/common/use-form-failure.ts';
import { PAGE_TITLE_MAX_LENGTH } from '@lyyp/contracts/designer';
import type { PageKind } from '../../api/designer.api.ts';

export interface PageTitleValues {
  title: string;
  kind: PageKind;
}

export interface PageTitleModalProps {
  readonly open: boolean;
  readonly title: string;
  readonly initial: Partial<PageTitleValues>;
  readonly withKind: boolean;
  /** Copy allows an empty title: the server names the copy after the page. */
  readonly titleRequired: boolean;
  readonly confirming: boolean;
  readonly onSubmit: (values: PageTitleValues) => void;
  readonly onCancel: () => void;
  /** A refused submit: shown on the title when the server names it, else above the form. */
  readonly failure?: unknown;
}

const locate = locateFields(['title', 'kind']);

export function PageTitleModal({
  open,
  title,
  initial,
  withKind,
  titleRequired,
  confirming,
  onSubmit,
  onCancel,
  failure = null,
}: PageTitleModalProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<PageTitleValues>();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locate);
  useEffect(() => {
    if (failure) showFailure(failure);
    else clearFailure();
  }, [failure, showFailure, clearFailure]);
  return (
    <Modal
      open={open}
      title={title}
      destroyOnHidden
      confirmLoading={confirming}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        name="page-title"
        layout="vertical"
        initialValues={{ kind: 'main', ...initial }}
        onFinish={(values) => onSubmit({ ...values, title: values.title.trim() })}
        preserve={false}
        onValuesChange={clearFailure}
      >
        <FormAlert text={alertText} />
        <Form.Item
          name="title"
          label={t('designer.pages.name')}
          rules={[
            {
              required: titleRequired,
              whitespace: titleRequired,
              message: requiredText(t('designer.pages.name'), locale),
            },
            { max: PAGE_TITLE_MAX_LENGTH },
          ]}
        >
          <Input maxLength={PAGE_TITLE_MAX_LENGTH} autoFocus />
        </Form.Item>
        {withKind ? (
          <Form.Item name="kind" label={t('designer.pages.kind')}>
            <Radio.Group
              options={(['main', 'child'] as const).map((kind) => ({
                value: kind,
                label: t(`designer.pages.kinds.${kind}`),
              }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
