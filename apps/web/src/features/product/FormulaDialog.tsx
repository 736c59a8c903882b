/**
 * Changing the formula of a computed variable. The names it may read are listed and inserted at a
 * click; the platform checks the formula with every other one, and a wrong one (unknown name,
 * syntax, a cycle) is shown on the input with the column it is at.
 */
import { FORMULA_MAX_LENGTH } from '@lyyp/contracts/formula';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComputedVariable, FormulaListAnswer } from '../../api/edge-logic.api.ts';
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useEdgeLogicChanged } from './use-edge-logic.ts';

export function FormulaDialog({
  productId,
  variable,
  variables,
  onClose,
}: {
  productId: string;
  variable: ComputedVariable;
  variables: FormulaListAnswer['variables'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const changed = useEdgeLogicChanged(productId);
  const [form] = Form.useForm<{ formula: string }>();
  const readable = variables.filter((item) => item.key !== variable.key || variable.kind === 'summary');

  const save = useMutation({
    mutationFn: (formula: string) => edgeLogicApi.saveFormula(productId, variable.key, formula),
    onSuccess: () => {
      void message.success(t('monitor.common.saved'));
      void changed();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'formula', errors: [describeFailure(error)] }]),
  });

  const insert = (key: string) => {
    const current = form.getFieldValue('formula') as string | undefined;
    form.setFieldValue('formula', current ? `${current} ${key}` : key);
  };

  return (
    <Modal
      open
      title={t('edgeLogic.formula.dialogTitle', { name: variable.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ formula: variable.formula }}
        onFinish={(values) => save.mutate(values.formula)}
      >
        <Form.Item
          name="formula"
          label={t('edgeLogic.fields.formula')}
          rules={[{ required: true, whitespace: true, message: t('edgeLogic.fields.formula') }]}
          extra={
            variable.kind === 'summary'
              ? t('edgeLogic.formula.summaryHint', { key: variable.key })
              : t('edgeLogic.formula.cycleHint')
          }
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={FORMULA_MAX_LENGTH}
            style={{ fontFamily: 'monospace' }}
            data-testid="formula-input"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('edgeLogic.formula.availableVariables')}</Typography.Text>
      <Space size={[4, 4]} wrap style={{ marginTop: 8, maxHeight: 160, overflowY: 'auto' }}>
        {readable.map((item) => (
          <Tag key={item.key} style={{ cursor: 'pointer' }} onClick={() => insert(item.key)}>
            {item.name} <Typography.Text code>{item.key}</Typography.Text>
          </Tag>
        ))}
      </Space>
    </Modal>
  );
}
