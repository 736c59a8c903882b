/** The small form behind New page, Rename and Copy: a title (and the kind, for a new page). */
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../blocks/index.ts';
import { useRequired } from '../auth/use-form-support.ts';
import { PAGE_TITLE_MAX_LENGTH } from '@lyyp/contracts/designer';
import type { PageKind } from '../../api/designer.api.ts';

export interface PageTitleValues {
  title: string;
  kind: PageKind;
}

export interface PageTitleModalProps {
  readonly title: string;
  readonly initial: Partial<PageTitleValues>;
  readonly withKind: boolean;
  /** Copy allows an empty title: the server names the copy after the page. */
  readonly titleRequired: boolean;
  /** Sends the title; a refusal shows on the title when the server names it, else above the form. */
  readonly submit: (values: PageTitleValues) => Promise<unknown>;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

export function PageTitleModal({
  title,
  initial,
  withKind,
  titleRequired,
  submit,
  onSaved,
  onCancel,
}: PageTitleModalProps) {
  const { t } = useTranslation();
  const required = useRequired();
  return (
    <FormDialog<PageTitleValues>
      title={title}
      okText={t('monitor.common.confirm')}
      onClose={onCancel}
      name="page-title"
      fields={['title', 'kind']}
      initialValues={{ kind: 'main', ...initial }}
      submit={(values) => submit({ ...values, title: values.title.trim() })}
      successText={t('designer.pages.done')}
      onSaved={onSaved}
    >
      <Form.Item
        name="title"
        label={t('designer.pages.name')}
        rules={[...(titleRequired ? required(t('designer.pages.name')) : []), { max: PAGE_TITLE_MAX_LENGTH }]}
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
    </FormDialog>
  );
}
