/**
 * /manage/dealer/permission/:id: certify a dealer (`new`) or change one's data permission — all
 * products or chosen ones, debug rights, customers. After saving, the dealer and its customers sign in again.
 * Only what the caller may grant is offered: all products only with all products, debug rights only
 * with the write code.
 */
import type { DealerCertifyRequest } from '@lyyp/contracts/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { DataScopeField, type DataScopeValue } from './DataScopeField.tsx';
import { buildAdminRules, useDescribeAdminFailure } from './admin-text.ts';
import { useGrantCeiling } from './grant-ceiling.ts';

interface DealerFormValues {
  account: string;
  organisationId: string;
  scope: DataScopeValue;
  canDebug: boolean;
  customers: string[];
}

export default function DealerPermissionPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const rules = buildAdminRules(locale);
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const navigate = useNavigate();
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const [form] = Form.useForm<DealerFormValues>();
  const ceiling = useGrantCeiling();
  const dealer = useQuery({
    queryKey: ['admin', 'dealer', id],
    queryFn: () => adminApi.dealerDetail(id),
    enabled: !isNew,
  });
  useEffect(() => {
    if (!dealer.data) return;
    form.setFieldsValue({
      account: dealer.data.account.username ?? dealer.data.account.tel ?? '',
      organisationId: dealer.data.organisationId,
      scope: { dataScope: dealer.data.dataScope, productIds: dealer.data.productIds },
      canDebug: dealer.data.canDebug,
      customers: dealer.data.customers.map((customer) => customer.username ?? customer.tel ?? customer.id),
    });
  }, [dealer.data, form]);
  const save = useMutation({
    mutationFn: (values: DealerFormValues) => {
      const scope = {
        dataScope: values.scope.dataScope,
        productIds: values.scope.productIds,
        canDebug: values.canDebug,
        customers: values.customers,
      };
      if (isNew) {
        const request: DealerCertifyRequest = {
          account: values.account,
          organisationId: values.organisationId,
          ...scope,
        };
        return adminApi.certifyDealer(request);
      }
      return adminApi.editDealer({ accountId: id, ...scope });
    },
    onSuccess: () => {
      void message.success(t('admin.dealers.savedHint'));
      void navigate('/manage/dealer');
    },
    onError: (error) => void message.error(describe(error)),
  });
  return (
    <Card
      variant="borderless"
      title={isNew ? t('admin.dealers.addTitle') : t('admin.dealers.editTitle')}
      extra={<Button onClick={() => void navigate('/manage/dealer')}>{t('admin.common.back')}</Button>}
    >
      {dealer.error ? (
        <Alert type="error" showIcon title={describe(dealer.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        data-testid="dealer-form"
        initialValues={{ scope: { dataScope: 'chosen', productIds: [] }, canDebug: false, customers: [] }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="account" label={t('admin.dealers.account')} rules={isNew ? rules.account : []}>
          <Input disabled={!isNew} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="organisationId"
          label={t('admin.dealers.organisationId')}
          rules={isNew ? rules.organisationId : []}
        >
          <Input disabled={!isNew} autoComplete="off" />
        </Form.Item>
        <Form.Item name="scope" label={t('admin.roles.dataScope')}>
          <DataScopeField allowAll={ceiling.allProducts} />
        </Form.Item>
        <Form.Item
          name="canDebug"
          label={t('admin.dealers.canDebug')}
          valuePropName="checked"
          extra={ceiling.debug ? undefined : t('admin.dealers.debugBeyond')}
        >
          <Switch disabled={!ceiling.debug} data-testid="dealer-debug" />
        </Form.Item>
        <Form.Item
          name="customers"
          label={t('admin.dealers.customers')}
          extra={t('admin.dealers.customersHint')}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ']} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('admin.common.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
