/** /account/info/company: the account's type and company, and where its enterprise certification stands. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import { CertificationStatusTag } from './CertificationTable.tsx';
import { CertificationStatusAlert } from './CertificationStatusAlert.tsx';
import { useDescribeAdminFailure } from './admin-text.ts';

export default function CompanyInfoPage() {
  const { t } = useTranslation();
  const describe = useDescribeAdminFailure();
  const mine = useQuery({ queryKey: ['certification', 'mine'], queryFn: () => adminApi.myCertification() });
  const data = mine.data;
  return (
    <Card variant="borderless" title={t('routes.InfoCompany')}>
      {mine.error ? <Alert type="error" showIcon title={describe(mine.error)} /> : null}
      {data ? (
        <Space orientation="vertical" style={{ width: '100%' }} size="large">
          <Descriptions column={1} bordered size="small" data-testid="company-info">
            <Descriptions.Item label={t('admin.company.accountType')}>
              {t(`admin.accountType.${data.accountType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.company.company')}>{data.company ?? '—'}</Descriptions.Item>
            {data.latest ? (
              <Descriptions.Item label={t('admin.company.latest')}>
                <Space>
                  <CertificationStatusTag status={data.latest.status} />
                  {data.latest.company}
                </Space>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <CertificationStatusAlert certification={data} />
          {data.accountType === 'personal' && data.latest?.status !== 'pending' ? (
            <Link to="/account/info/company/authentication">
              <Button type="primary">{t('admin.company.goApply')}</Button>
            </Link>
          ) : null}
        </Space>
      ) : null}
    </Card>
  );
}
