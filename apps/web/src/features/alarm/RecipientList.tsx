/**
 * The recipients of an alarm group: each person chosen with the picker, and the person channels
 * the group allows them. "Add myself" when the editor is not in the list yet.
 */
import { UserAddOutlined } from '@ant-design/icons';
import { RECIPIENTS_PER_GROUP_MAX, type AlarmChannel } from '@lyyp/contracts/alarm';
import { Button, Col, Form, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../app/session-store.ts';
import { RecipientSelect, useRecipientNames } from './RecipientSelect.tsx';
import { AddRowButton } from '../../blocks/index.ts';
import { ChannelCells } from './ChannelCells.tsx';

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
              <ChannelCells
                row={field.name}
                channels={personChannels}
                span={12}
                onRemove={() => remove(field.name)}
              />
            </Row>
          ))}
          <Space>
            <AddRowButton
              label={t('alarm.group.addRecipient')}
              onClick={() => add({ accountId: '', channels: personChannels })}
              disabled={fields.length >= RECIPIENTS_PER_GROUP_MAX}
            />
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
