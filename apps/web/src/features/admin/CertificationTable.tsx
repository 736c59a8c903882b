/** Enterprise certification requests for staff: approve, or reject with a reason the applicant sees. */
import type { Certification, CertificationStatus } from '@lyyp/contracts/admin';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { buildAdminRules, useDescribeAdminFailure } from './admin-text.ts';

const STATUS_COLOURS: Record<CertificationStatus, string> = {
  pending: 'blue',
  approved: 'green',
  rejected: 'red',
};

export function CertificationStatusTag({ status }: { status: CertificationStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`admin.certification.status.${status}`)}</Tag>;
}

export function CertificationTable() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const [status, setStatus] = useState<CertificationStatus | undefined>('pending');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [rejecting, setRejecting] = useState<Certification | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const requests = useQuery({
    queryKey: ['admin', 'certifications', status, paging],
    queryFn: () => adminApi.listCertifications({ status, ...paging }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      adminApi.decideCertification(input),
    onSuccess: () => {
      setRejecting(null);
      form.resetFields();
      void requests.refetch();
    },
    onError: (error) => void message.error(describe(error)),
  });
  return (
    <>
      <Select
        allowClear
        style={{ width: 160, marginBottom: 16 }}
        value={status}
        placeholder={t('admin.fields.status')}
        onChange={(next: CertificationStatus | undefined) => {
          setStatus(next);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
        options={(['pending', 'approved', 'rejected'] as const).map((value) => ({
          value,
          label: t(`admin.certification.status.${value}`),
        }))}
      />
      <Table<Certification>
        rowKey="id"
        size="small"
        data-testid="certifications"
        loading={requests.isFetching}
        dataSource={requests.data?.list ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('admin.certification.empty') }}
        pagination={{
          current: requests.data?.page ?? paging.page,
          pageSize: requests.data?.pageSize ?? paging.pageSize,
          total: requests.data?.total ?? 0,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('admin.fields.account'),
            key: 'account',
            width: 130,
            render: (_v, row) => row.username ?? row.tel ?? '—',
          },
          { title: t('admin.fields.company'), dataIndex: 'company', width: 160 },
          { title: t('admin.fields.licenceNumber'), dataIndex: 'licenceNumber', width: 160 },
          { title: t('admin.fields.address'), dataIndex: 'address', width: 160 },
          { title: t('admin.fields.contacts'), dataIndex: 'contacts', width: 100 },
          {
            title: t('admin.fields.status'),
            dataIndex: 'status',
            width: 150,
            render: (value: CertificationStatus, row) => (
              <Space orientation="vertical" size={0}>
                <CertificationStatusTag status={value} />
                {row.reason ? <span>{row.reason}</span> : null}
              </Space>
            ),
          },
          {
            title: t('admin.certification.submittedAt'),
            dataIndex: 'submittedAt',
            width: 160,
            render: (value: string) => formatTime(Date.parse(value)),
          },
          {
            title: t('admin.common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_value: unknown, row: Certification) =>
              row.status === 'pending' ? (
                <Space size={0}>
                  <Popconfirm
                    title={t('admin.certification.approveConfirm', { company: row.company })}
                    onConfirm={() => decide.mutate({ id: row.id, decision: 'approve' })}
                  >
                    <Button type="link" size="small">
                      {t('admin.certification.approve')}
                    </Button>
                  </Popconfirm>
                  <Button type="link" size="small" danger onClick={() => setRejecting(row)}>
                    {t('admin.certification.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('admin.certification.rejectTitle')}
        onCancel={() => setRejecting(null)}
        confirmLoading={decide.isPending}
        onOk={() =>
          void form
            .validateFields()
            .then(
              ({ reason }) => rejecting && decide.mutate({ id: rejecting.id, decision: 'reject', reason }),
            )
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('admin.certification.reason')}
            rules={buildAdminRules(locale).reason}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
