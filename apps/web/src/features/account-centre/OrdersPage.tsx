/**
 * Orders and invoices (§2 security settings: "orders", "invoices"): the services the account paid
 * for on the platform — a SIM card's data plan renewed for one of its devices is an order — and one
 * invoice request per order, whose state (requested, issued) shows on the order and, with its
 * title, tax number and address, in the invoice drawer. Built on the console blocks: the paged
 * table, the invoice request as a form dialog checked by the contract's schema.
 */
import {
  INVOICE_STATUSES,
  ORDER_KINDS,
  invoiceRequestSchema,
  type InvoiceRequest,
  type OrderKind,
} from '@lyyp/contracts/account-centre';
import { Button, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountCentreApi, type OrderItem } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  DetailDrawer,
  FormDialog,
  PagedTable,
  ScreenCard,
  actionColumn,
  timeColumn,
  usePagedQuery,
} from '../../blocks/index.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { nameIn } from './registry-names.ts';

type InvoiceValues = Omit<InvoiceRequest, 'orderId'>;

function InvoiceDialog({
  order,
  onClose,
  onSaved,
}: {
  order: OrderItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<InvoiceValues>
      title={t('accountCentre.orders.request')}
      name="invoice"
      testId="invoice-dialog"
      okText={t('accountCentre.orders.request')}
      schema={invoiceRequestSchema}
      toInput={(values) => ({ ...values, orderId: order.id })}
      fields={['title', 'taxNumber', 'email']}
      successText={t('accountCentre.orders.requested')}
      submit={(values) =>
        accountCentreApi.requestInvoice({
          orderId: order.id,
          title: values.title.trim(),
          ...(values.taxNumber?.trim() ? { taxNumber: values.taxNumber.trim() } : {}),
          email: values.email.trim(),
        })
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ ruleFor }) => (
        <>
          <Typography.Paragraph type="secondary">{order.title}</Typography.Paragraph>
          <Form.Item
            name="title"
            label={t('accountCentre.orders.invoiceTitle')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('accountCentre.orders.titleRequired') },
              ...ruleFor(['title']),
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="taxNumber"
            label={t('accountCentre.orders.taxNumber')}
            rules={ruleFor(['taxNumber'])}
          >
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('accountCentre.orders.email')} rules={ruleFor(['email'])}>
            <Input type="email" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const orders = usePagedQuery<OrderItem>({
    queryKey: ['account-orders'],
    fetch: (paging) => accountCentreApi.orders(paging),
  });
  const [invoicing, setInvoicing] = useState<OrderItem | null>(null);
  const [viewing, setViewing] = useState<OrderItem | null>(null);
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

  return (
    <ScreenCard
      title={t('routes.AccountOrders')}
      intro={<Typography.Paragraph type="secondary">{t('accountCentre.orders.intro')}</Typography.Paragraph>}
    >
      <PagedTable<OrderItem>
        paged={orders}
        testId="orders"
        emptyText={t('accountCentre.orders.empty')}
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
          timeColumn(t('accountCentre.orders.paidAt'), 'paidAt'),
          {
            title: t('accountCentre.orders.invoice'),
            key: 'invoice',
            width: 120,
            render: (_value, order) =>
              order.invoice ? (
                <Tag color={order.invoice.status === 'issued' ? 'success' : 'processing'}>
                  {nameIn(INVOICE_STATUSES, order.invoice.status, locale)}
                </Tag>
              ) : (
                <Tag>{t('accountCentre.orders.noInvoice')}</Tag>
              ),
          },
          actionColumn(
            t('monitor.common.actions'),
            (order: OrderItem) =>
              order.invoice ? (
                <Button type="link" size="small" onClick={() => setViewing(order)}>
                  {t('accountCentre.orders.viewInvoice')}
                </Button>
              ) : (
                <Button
                  type="link"
                  size="small"
                  data-testid="invoice-request"
                  onClick={() => setInvoicing(order)}
                >
                  {t('accountCentre.orders.request')}
                </Button>
              ),
            140,
          ),
        ]}
      />
      {invoicing ? (
        <InvoiceDialog
          order={invoicing}
          onClose={() => setInvoicing(null)}
          onSaved={() => void orders.refetch()}
        />
      ) : null}
      <DetailDrawer
        open={viewing !== null}
        title={t('accountCentre.orders.invoice')}
        onClose={() => setViewing(null)}
        items={
          viewing?.invoice
            ? [
                { key: 'title', label: t('accountCentre.orders.title'), children: viewing.title },
                {
                  key: 'status',
                  label: t('accountCentre.orders.invoiceStatus'),
                  children: nameIn(INVOICE_STATUSES, viewing.invoice.status, locale),
                },
                {
                  key: 'invoiceTitle',
                  label: t('accountCentre.orders.invoiceTitle'),
                  children: viewing.invoice.title,
                },
                {
                  key: 'taxNumber',
                  label: t('accountCentre.orders.taxNumber'),
                  children: viewing.invoice.taxNumber ?? '—',
                },
                { key: 'email', label: t('accountCentre.orders.email'), children: viewing.invoice.email },
                {
                  key: 'requestedAt',
                  label: t('accountCentre.orders.requestedAt'),
                  children: formatTime(viewing.invoice.requestedAt),
                },
              ]
            : []
        }
      />
    </ScreenCard>
  );
}
