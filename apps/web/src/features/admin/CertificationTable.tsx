/** Enterprise certification requests for staff: approve, or reject with a reason the applicant sees. */
import type { Certification, CertificationStatus } from '@lyyp/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FilterSelect, FormDialog, PagedTable, usePagedQuery } from '../../blocks/index.ts';
import { actionColumn, textColumn, timeColumn } from '../../blocks/columns.tsx';
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
  const [rejecting, setRejecting] = useState<Certification | null>(null);
  const requests = usePagedQuery<Certification>({
    queryKey: ['admin', 'certifications', status],
    fetch: (paging) => adminApi.listCertifications({ status, ...paging }),
  });
  const approve = useMutation({
    mutationFn: (id: string) => adminApi.decideCertification({ id, decision: 'approve' }),
    onSuccess: () => void requests.refetch(),
    onError: (error) => void message.error(describe(error)),
  });
  return (
    <>
      <FilterSelect
        width={160}
        style={{ marginBottom: 16 }}
        value={status}
        placeholder={t('admin.fields.status')}
        onChange={setStatus}
        options={(['pending', 'approved', 'rejected'] as const).map((value) => ({
          value,
          label: t(`admin.certification.status.${value}`),
        }))}
      />
      <PagedTable<Certification>
        paged={requests}
        testId="certifications"
        describeError={describe}
        emptyText={t('admin.certification.empty')}
        columns={[
          {
            title: t('admin.fields.account'),
            key: 'account',
            width: 130,
            render: (_v, row) => row.username ?? row.tel ?? '—',
          },
          textColumn(t('admin.fields.company'), 'company', { width: 160 }),
          textColumn(t('admin.fields.licenceNumber'), 'licenceNumber', { width: 160 }),
          textColumn(t('admin.fields.address'), 'address', { width: 160 }),
          textColumn(t('admin.fields.contacts'), 'contacts', { width: 100 }),
          textColumn(t('admin.fields.status'), 'status', {
            width: 150,
            render: (value: CertificationStatus, row) => (
              <Space orientation="vertical" size={0}>
                <CertificationStatusTag status={value} />
                {row.reason ? <span>{row.reason}</span> : null}
              </Space>
            ),
          }),
          timeColumn(t('admin.certification.submittedAt'), 'submittedAt'),
          actionColumn(
            t('admin.common.actions'),
            (row) =>
              row.status === 'pending' ? (
                <Space size={0}>
                  <Popconfirm
                    title={t('admin.certification.approveConfirm', { company: row.company })}
                    onConfirm={() => approve.mutate(row.id)}
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
            150,
          ),
        ]}
      />
      {rejecting ? (
        <FormDialog<{ reason: string }>
          title={t('admin.certification.rejectTitle')}
          onClose={() => setRejecting(null)}
          okText={t('monitor.common.confirm')}
          describeError={describe}
          successText={null}
          submit={({ reason }) =>
            adminApi.decideCertification({ id: rejecting.id, decision: 'reject', reason })
          }
          onSaved={() => void requests.refetch()}
        >
          <Form.Item
            name="reason"
            label={t('admin.certification.reason')}
            rules={buildAdminRules(locale).reason}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </FormDialog>
      ) : null}
    </>
  );
}
