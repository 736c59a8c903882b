/**
 * Accepting a device share: a link (or its QR code) opens this page with its token, shows what is
 * offered and accepts it; without a token the receiver types the gateway SN and the share
 * password. An accepted device is in the receiver's list, marked as shared.
 */
import { SHARE_MENUS, checkSharePassword, type ShareAccepted } from '@lyyp/contracts/fleet';
import { SN_LENGTH } from '@lyyp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fleetApi } from '../../api/fleet.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { nameIn } from '../account-centre/registry-names.ts';
import { checkSn } from '../gateway/gateway-rules.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { requiredCheck, rulesFromChecks } from '../monitor/common/schema-rules.ts';
import { readShareToken } from './share-link.ts';

export default function ShareAcceptPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = readShareToken(search);
  const queryClient = useQueryClient();
  const accepted = async () => queryClient.invalidateQueries({ queryKey: ['devices'] });
  const acceptLink = useMutation({
    mutationFn: () => fleetApi.acceptShare(token ?? ''),
    onSuccess: accepted,
  });
  const acceptPassword = useMutation({
    mutationFn: (values: { sn: string; password: string }) =>
      fleetApi.acceptSharePassword({ sn: values.sn.trim(), password: values.password }),
    onSuccess: accepted,
  });
  const done = acceptLink.data ?? acceptPassword.data;

  return (
    <Card variant="borderless" title={t('fleet.accept.title')}>
      {done ? (
        <AcceptedResult accepted={done} />
      ) : token ? (
        <LinkOffer
          token={token}
          onAccept={() => acceptLink.mutate()}
          pending={acceptLink.isPending}
          error={acceptLink.error}
        />
      ) : (
        <PasswordForm
          onFinish={(values) => acceptPassword.mutate(values)}
          pending={acceptPassword.isPending}
          error={acceptPassword.error}
        />
      )}
    </Card>
  );
}

function AcceptedResult({ accepted }: { accepted: ShareAccepted }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t('fleet.accept.accepted', { name: accepted.deviceName })}
      extra={
        <Link to="/monitor/devices" data-testid="share-open-list">
          <Button type="primary">{t('fleet.accept.openList')}</Button>
        </Link>
      }
    />
  );
}

function LinkOffer({
  token,
  onAccept,
  pending,
  error,
}: {
  token: string;
  onAccept: () => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const preview = useQuery({
    queryKey: ['share-preview', token],
    queryFn: () => fleetApi.previewShare(token),
    retry: false,
  });
  if (preview.error)
    return <Alert type="error" showIcon role="alert" title={describeFailure(preview.error)} />;
  const offer = preview.data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        title={offer ? t('fleet.accept.from', { name: offer.sharerName ?? '—' }) : null}
      >
        <Descriptions.Item label={t('fleet.accept.device')}>{offer?.deviceName ?? '…'}</Descriptions.Item>
        <Descriptions.Item label={t('fleet.accept.permissions')}>
          <Space size={[4, 4]} wrap>
            {offer ? (
              <>
                <Tag color={offer.canWrite ? 'orange' : 'default'}>
                  {offer.canWrite ? t('fleet.accept.writeYes') : t('fleet.accept.writeNo')}
                </Tag>
                {offer.topMenu ? <Tag>{t('fleet.accept.topMenuYes')}</Tag> : null}
                {offer.canReshare ? <Tag color="blue">{t('fleet.share.canReshare')}</Tag> : null}
                {offer.menus.map((menu) => (
                  <Tag key={menu}>{nameIn(SHARE_MENUS, menu, locale)}</Tag>
                ))}
              </>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('fleet.accept.expiresAt')}>
          {offer ? formatTime(offer.expiresAt) : '…'}
        </Descriptions.Item>
      </Descriptions>
      {error ? <Alert type="error" showIcon role="alert" title={describeFailure(error)} /> : null}
      <Button
        type="primary"
        disabled={!offer}
        loading={pending}
        onClick={onAccept}
        data-testid="share-accept"
      >
        {t('fleet.accept.accept')}
      </Button>
    </Space>
  );
}

function PasswordForm({
  onFinish,
  pending,
  error,
}: {
  onFinish: (values: { sn: string; password: string }) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 480 }}>
      <Alert type="info" showIcon title={t('fleet.accept.noToken')} />
      <Form name="share-password" layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="sn"
          label={t('fleet.accept.sn')}
          rules={rulesFromChecks(locale, requiredCheck('sn'), checkSn)}
        >
          <Input maxLength={SN_LENGTH} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fleet.accept.password')}
          rules={rulesFromChecks(locale, requiredCheck('password'), checkSharePassword)}
        >
          <Input.Password autoComplete="off" />
        </Form.Item>
        {error ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={describeFailure(error)}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('fleet.accept.accept')}
        </Button>
      </Form>
    </Space>
  );
}
