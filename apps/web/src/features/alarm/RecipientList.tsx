/**
 * The recipients of an alarm group: each person chosen with the picker, and the person channels
 * the group allows them. "Add myself" when the editor is not in the list yet.
 */
import { DeleteOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { RECIPIENTS_PER_GROUP_MAX, type AlarmChannel } from '@lyyp/contracts/alarm';
import { Button, Checkbox, Col, Form, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import { useSessionStore } from '../../app/session-store.ts';
import { channelName } from './alarm-text.ts';
import { RecipientSelect, useRecipientNames } from './RecipientSelect.tsx';

export function RecipientList({
  productId,
  initialIds,
  chosenIds,
  personChannels,
}: {
  productId: string;
  /** The group's recipients when the dialog opened (named once). */
  initialIds: readonly string[];
  /** The recipients as the form holds them now. */
  chosenIds: readonly string[];
  personChannels: AlarmChannel[];
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const me = useSessionStore((state) => state.user);
  const names = useRecipientNames(productId, initialIds);
  return (
    <Form.List name="recipients">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('alarm.recipient.emptyHint')}</Typography.Paragraph>
          ) : null}
          {fields.map((field, index) => (
            <Row gutter={8} key={field.key}>
              <Col span={10}>
                <Form.Item
                  name={[field.name, 'accountId']}
                  rules={[{ required: true, message: t('alarm.group.required.accountId') }]}
                >
                  <RecipientSelect
                    productId={productId}
                    names={names}
                    taken={new Set(chosenIds.filter((_, other) => other !== index))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name={[field.name, 'channels']}>
                  <Checkbox.Group
                    options={personChannels.map((code) => ({
                      value: code,
                      label: channelName(code, locale),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={2}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('monitor.common.delete')}
                  onClick={() => remove(field.name)}
                />
              </Col>
            </Row>
          ))}
          <Space>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ accountId: '', channels: personChannels })}
              disabled={fields.length >= RECIPIENTS_PER_GROUP_MAX}
            >
              {t('alarm.group.addRecipient')}
            </Button>
            {me && !chosenIds.includes(me.id) ? (
              <Button
                icon={<UserAddOutlined />}
                onClick={() => add({ accountId: me.id, channels: personChannels })}
              >
                {t('alarm.group.addMe')}
              </Button>
            ) : null}
          </Space>
        </>
      )}
    </Form.List>
  );
}
