/** The small form behind New page, Rename and Copy: a title (and the kind, for a new page). */
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
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
}

export function PageTitleModal({
  open,
  title,
  initial,
  withKind,
  titleRequired,
  confirming,
  onSubmit,
  onCancel,
}: PageTitleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PageTitleValues>();
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
      >
        <Form.Item
          name="title"
          label={t('designer.pages.name')}
          rules={[{ required: titleRequired, whitespace: titleRequired, max: PAGE_TITLE_MAX_LENGTH }]}
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
