/** Orders and invoices: the account's paid services (SIM data plans …) and one invoice request each. */
import { ORDER_KINDS, type InvoiceRequest, type OrderKind } from '@lyyp/contracts/account-centre';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountCentreApi, type OrderItem } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import { formatTime } from '../monitor/common/format-time.ts';
import { useAccountRules, useDescribeAccountFailure } from './account-rules.ts';
import { nameIn } from './registry-names.ts';

export default function OrdersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [invoicing, setInvoicing] = useState<OrderItem | null>(null);
  const [form] = Form.useForm<Omit<InvoiceRequest, 'orderId'>>();
  const orders = useQuery({
    queryKey: ['account-orders', paging],
    queryFn: () => accountCentreApi.orders(paging),
    placeholderData: keepPreviousData,
  });
  const request = useMutation({
    mutationFn: (values: Omit<InvoiceRequest, 'orderId'>) =>
      accountCentreApi.requestInvoice({ ...values, orderId: invoicing?.id ?? '' }),
    onSuccess: () => {
      void message.success(t('accountCentre.orders.requested'));
      setInvoicing(null);
      form.resetFields();
      void orders.refetch();
    },
  });
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

  return (
    <Card variant="borderless" title={t('routes.AccountOrders')}>
      <Typography.Paragraph type="secondary">{t('accountCentre.orders.intro')}</Typography.Paragraph>
      {orders.error ? (
        <Typography.Paragraph type="danger">{describe(orders.error)}</Typography.Paragraph>
      ) : null}
      <Table<OrderItem>
        rowKey="id"
        size="small"
        data-testid="orders"
        loading={orders.isFetching}
        dataSource={orders.data?.list ?? []}
        locale={{
          emptyText: <EmptyGuide title={t('routes.AccountOrders')} text={t('accountCentre.orders.empty')} />,
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: orders.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          { title: t('accountCentre.orders.title'), dataIndex: 'title' },
          {
            title: t('accountCentre.orders.kind'),
            dataIndex: 'kind',
            width: 140,
            render: (kind: OrderKind) => nameIn(ORDER_KINDS, kind, locale),
          },
          {
            title: t('accountCentre.orders.amount'),
            dataIndex: 'amountCents',
            width: 120,
            render: (cents: number, order) => money(cents, order.currency),
          },
          {
            title: t('accountCentre.orders.paidAt'),
            dataIndex: 'paidAt',
            width: 170,
            render: (at: string) => formatTime(at),
          },
          {
            title: t('accountCentre.orders.invoice'),
            key: 'invoice',
            width: 160,
            render: (_value, order) =>
              order.invoice ? (
                <Tag color={order.invoice.status === 'issued' ? 'success' : 'processing'}>
                  {t(`accountCentre.orders.status.${order.invoice.status}`)}
                </Tag>
              ) : (
                <Button type="link" size="small" onClick={() => setInvoicing(order)}>
                  {t('accountCentre.orders.request')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={invoicing !== null}
        title={t('accountCentre.orders.request')}
        okText={t('accountCentre.orders.request')}
        confirmLoading={request.isPending}
        onCancel={() => setInvoicing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="invoice" onFinish={(values) => request.mutate(values)}>
          <FormAlert text={request.error ? describe(request.error) : null} />
          <Form.Item
            name="title"
            label={t('accountCentre.orders.invoiceTitle')}
            rules={rules.invoiceTitle}
            required
          >
            <Input />
          </Form.Item>
          <Form.Item name="taxNumber" label={t('accountCentre.orders.taxNumber')} rules={rules.taxNumber}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('accountCentre.orders.email')} rules={rules.email} required>
            <Input type="email" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
