/**
 * /account/info/company/authentication: a personal account applies for enterprise certification
 * (company name, licence number, address, contact) and sees the status and any reason for rejection.
 */
import type { CertificationApplyRequest } from '@lyyp/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space } from 'antd';
import { TextField } from '../../blocks/index.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { CertificationStatusAlert } from './CertificationStatusAlert.tsx';
import { buildAdminRules, useDescribeAdminFailure } from './admin-text.ts';

export default function CompanyAuthenticationPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const rules = buildAdminRules(locale);
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CertificationApplyRequest>();
  const mine = useQuery({ queryKey: ['certification', 'mine'], queryFn: () => adminApi.myCertification() });
  useEffect(() => {
    const latest = mine.data?.latest;
    if (latest) {
      form.setFieldsValue({
        company: latest.company,
        licenceNumber: latest.licenceNumber,
        address: latest.address,
        contacts: latest.contacts,
      });
    }
  }, [mine.data, form]);
  const apply = useMutation({
    mutationFn: (values: CertificationApplyRequest) => adminApi.applyCertification(values),
    onSuccess: (result) => {
      queryClient.setQueryData(['certification', 'mine'], result);
      void message.success(t('admin.company.submitted'));
    },
    onError: (error) => void message.error(describe(error)),
  });
  const locked = mine.data?.accountType === 'enterprise' || mine.data?.latest?.status === 'pending';
  return (
    <Card variant="borderless" title={t('routes.InfoCompanyAuthentication')}>
      <Space orientation="vertical" style={{ width: '100%' }} size="large">
        {mine.error ? <Alert type="error" showIcon title={describe(mine.error)} /> : null}
        {mine.data ? <CertificationStatusAlert certification={mine.data} /> : null}
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 520 }}
          disabled={locked}
          data-testid="certification-form"
          onFinish={(values) => apply.mutate(values)}
        >
          {(
            [
              ['company', 'organization'],
              ['licenceNumber', 'off'],
              ['address', 'street-address'],
              ['contacts', 'name'],
            ] as const
          ).map(([field, autoComplete]) => (
            <TextField
              key={field}
              name={field}
              label={t(`admin.company.${field}`)}
              rules={rules[field]}
              autoComplete={autoComplete}
            />
          ))}
          <Button type="primary" htmlType="submit" loading={apply.isPending}>
            {t('admin.company.submit')}
          </Button>
        </Form>
      </Space>
    </Card>
  );
}
