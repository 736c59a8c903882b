/**
 * The state mapping of a variable (§3, §5): at most 100 entries of a value and its text, values
 * unique, text not blank; each row is checked by the variable schema as typed.
 */
import { STATE_MAPPING_MAX_ENTRIES } from '@lyyp/contracts/device-model';
import { Form, Input, InputNumber, Space, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddRowButton, RemoveRowButton } from '../../blocks/index.ts';

export function StateMappingEditor({ ruleFor }: { ruleFor: (path: (string | number)[]) => FormRule[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="stateMapping">
      {(rows, { add, remove }) => (
        <div data-testid="state-mapping">
          {rows.map((row) => (
            <Space key={row.key} align="start" style={{ display: 'flex' }}>
              <Form.Item name={[row.name, 'value']} rules={ruleFor(['stateMapping', row.name, 'value'])}>
                <InputNumber placeholder={t('monitor.variable.mappingValue')} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[row.name, 'text']} rules={ruleFor(['stateMapping', row.name, 'text'])}>
                <Input placeholder={t('monitor.variable.mappingText')} style={{ width: 220 }} />
              </Form.Item>
              <RemoveRowButton onClick={() => remove(row.name)} />
            </Space>
          ))}
          <Space>
            <AddRowButton
              label={t('monitor.variable.addMapping')}
              disabled={rows.length >= STATE_MAPPING_MAX_ENTRIES}
              onClick={() => add({ value: rows.length, text: '' })}
            />
            <Typography.Text type="secondary">
              {rows.length}/{STATE_MAPPING_MAX_ENTRIES}
            </Typography.Text>
          </Space>
        </div>
      )}
    </Form.List>
  );
}
