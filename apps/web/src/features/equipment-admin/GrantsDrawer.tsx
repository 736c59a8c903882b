/**
 * Who else may see a device (§6): its grants and shares, a form to authorise an account by
 * username or phone (with or without writing), and revoking, which stops the account's alarms.
 * The form and revoking show only to those the policy lets grant (`device.grant`).
 */
import type { EquipmentItem } from '@lyyp/contracts/equipment-admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { equipmentAdminApi, type EquipmentGrant } from '../../api/equipment-admin.api.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useDescribeEquipmentFailure } from './equipment-text.ts';
import { useRequired } from '../auth/use-form-support.ts';

interface GrantsDrawerProps {
  device: EquipmentItem;
  /** Whether the policy lets the account grant and revoke the device. */
  mayGrant: boolean;
  onClose: () => void;
  onChanged: () => void;
}

interface GrantValues {
  account: string;
  canWrite: boolean;
}

export function GrantsDrawer({ device, mayGrant, onClose, onChanged }: GrantsDrawerProps) {
  const { t } = useTranslation();
  const required = useRequired();
  const { message } = App.useApp();
  const describe = useDescribeEquipmentFailure();
  const [form] = Form.useForm<GrantValues>();
  const grants = useQuery({
    queryKey: ['equipment-grants', device.id],
    queryFn: () => equipmentAdminApi.grants(device.id),
  });
  const settled = (text: string) => () => {
    void message.success(text);
    void grants.refetch();
    onChanged();
  };
  const authorize = useMutation({
    mutationFn: (values: GrantValues) =>
      equipmentAdminApi.authorize({
        id: device.id,
        account: values.account.trim(),
        canWrite: values.canWrite,
      }),
    onSuccess: () => {
      form.resetFields();
      settled(t('equipmentAdmin.grants.added'))();
    },
    onError: (error) => form.setFields([{ name: 'account', errors: [describe(error)] }]),
  });
  const revoke = useMutation({
    mutationFn: (accountId: string) => equipmentAdminApi.revoke(device.id, accountId),
    onSuccess: settled(t('equipmentAdmin.grants.revoked')),
    onError: (error) => void message.error(describe(error)),
  });
  const nameOf = (grant: EquipmentGrant) => grant.name ?? grant.username ?? grant.tel ?? grant.accountId;

  return (
    <Drawer open size={480} title={t('equipmentAdmin.grants.title', { name: device.name })} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('equipmentAdmin.grants.intro')}</Typography.Paragraph>
      {mayGrant ? (
        <Form
          form={form}
          name="equipment-authorize"
          layout="vertical"
          initialValues={{ canWrite: false }}
          onFinish={(values) => authorize.mutate(values)}
        >
          <Form.Item
            name="account"
            label={t('equipmentAdmin.grants.account')}
            rules={required(t('equipmentAdmin.fields.account'))}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="canWrite" valuePropName="checked">
            <Checkbox>{t('equipmentAdmin.grants.canWrite')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={authorize.isPending} data-testid="grant-add">
            {t('equipmentAdmin.grants.add')}
          </Button>
        </Form>
      ) : null}
      <List<EquipmentGrant>
        style={{ marginTop: 24 }}
        loading={grants.isFetching}
        dataSource={grants.data ?? []}
        locale={{ emptyText: t('equipmentAdmin.grants.empty') }}
        data-testid="grant-list"
        renderItem={(grant) => (
          <List.Item
            actions={
              mayGrant
                ? [
                    <Popconfirm
                      key="revoke"
                      title={t('equipmentAdmin.grants.revokeConfirm', { name: nameOf(grant) })}
                      onConfirm={() => revoke.mutate(grant.accountId)}
                    >
                      <Button type="link" danger size="small">
                        {t('equipmentAdmin.grants.revoke')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  {nameOf(grant)}
                  <Tag>{t(`equipmentAdmin.grants.kind.${grant.kind}`)}</Tag>
                  <Tag color={grant.canWrite ? 'blue' : 'default'}>
                    {grant.canWrite ? t('equipmentAdmin.grants.write') : t('equipmentAdmin.grants.readOnly')}
                  </Tag>
                </Space>
              }
              description={`${grant.tel ?? grant.username ?? ''} · ${formatTime(grant.createdAt)}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
