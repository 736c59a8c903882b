/**
 * Security settings (/account/security/sms, and /nosms for accounts without a phone): password,
 * phone, email and security questions, each changed through the verification flow (choose a
 * method, verify, set) that starts at /account/security/sms/setup/validate?target=…; the signed-in
 * browsers, each of which can be ended; in the Chinese
 * locale also the camera cloud key the video widget's pan-tilt control uses.
 */
import { LockOutlined, MailOutlined, MobileOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountCentreApi, type SecurityTarget } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { CameraKeyCard } from '../widget-media/CameraKeyCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { useDescribeAccountFailure } from './account-rules.ts';

export default function SecurityPage() {
  const { t } = useTranslation();
  const describe = useDescribeAccountFailure();
  // The camera cloud key association is offered in the Chinese locale only (§1).
  const locale = useLocaleStore((state) => state.locale);
  const overview = useQuery({ queryKey: ['account-security'], queryFn: accountCentreApi.overview });
  const data = overview.data;
  const items: Array<{ target: SecurityTarget; icon: ReactNode; value: string; isSet: boolean }> = data
    ? [
        {
          target: 'password',
          icon: <LockOutlined />,
          value: data.hasPassword
            ? t('accountCentre.security.passwordSet')
            : t('accountCentre.security.passwordUnset'),
          isSet: data.hasPassword,
        },
        {
          target: 'tel',
          icon: <MobileOutlined />,
          value: data.tel ?? t('accountCentre.security.telUnset'),
          isSet: Boolean(data.tel),
        },
        {
          target: 'email',
          icon: <MailOutlined />,
          value: data.email ?? t('accountCentre.security.emailUnset'),
          isSet: Boolean(data.email),
        },
        {
          target: 'question',
          icon: <QuestionCircleOutlined />,
          value: data.questionsSet
            ? t('accountCentre.security.questionSet')
            : t('accountCentre.security.questionUnset'),
          isSet: data.questionsSet,
        },
      ]
    : [];

  return (
    <Card variant="borderless" title={t('routes.SecuritySms')}>
      <Typography.Paragraph type="secondary">{t('accountCentre.security.intro')}</Typography.Paragraph>
      {overview.error ? (
        <Typography.Paragraph type="danger">{describe(overview.error)}</Typography.Paragraph>
      ) : null}
      {overview.isPending ? <Skeleton active /> : null}
      <List
        dataSource={items}
        data-testid="security-items"
        renderItem={(item) => (
          <List.Item
            data-testid={`security-${item.target}`}
            actions={[
              <Link key="change" to={`/account/security/sms/setup/validate?target=${item.target}`}>
                <Button type="link" data-testid={`security-change-${item.target}`}>
                  {item.isSet
                    ? t('accountCentre.security.change')
                    : item.target === 'question' || item.target === 'password'
                      ? t('accountCentre.security.set')
                      : t('accountCentre.security.bind')}
                </Button>
              </Link>,
            ]}
          >
            <List.Item.Meta
              avatar={<Typography.Text style={{ fontSize: 20 }}>{item.icon}</Typography.Text>}
              title={t(`accountCentre.security.${item.target}`)}
              description={item.value}
            />
          </List.Item>
        )}
      />
      <SessionsCard />
      {locale === 'zh-CN' ? <CameraKeyCard /> : null}
    </Card>
  );
}
