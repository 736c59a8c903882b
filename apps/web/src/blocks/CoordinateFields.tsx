/**
 * The longitude and latitude inputs of a place (a device, a product): each checked with the
 * contracts' coordinate fields, so a value out of range is refused with its message (1142, 1143)
 * instead of being clamped by the input.
 */
import { latitudeField, longitudeField } from '@lyyp/contracts';
import { Col, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRule } from './field-rule.ts';

export function CoordinateFields() {
  const { t } = useTranslation();
  const longitudeRule = useFieldRule(longitudeField);
  const latitudeRule = useFieldRule(latitudeField);
  return (
    <>
      <Col xs={12} md={6}>
        <Form.Item name="longitude" label={t('monitor.fields.longitude')} rules={[longitudeRule]}>
          <InputNumber style={{ width: '100%' }} data-testid="longitude" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="latitude" label={t('monitor.fields.latitude')} rules={[latitudeRule]}>
          <InputNumber style={{ width: '100%' }} data-testid="latitude" />
        </Form.Item>
      </Col>
    </>
  );
}
