/**
 * Basic info (/account/info/sms, and /nosms for accounts without a phone): avatar (jpg, png, gif,
 * svg or ico under 100K, checked here with the contract's rule and again by the platform), the
 * account's details, and the way to edit them.
 */
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { checkDesignerImage } from '@lyyp/contracts/designer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Descriptions, Skeleton, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useDescribeAccountFailure } from './account-rules.ts';

export default function InfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const describe = useDescribeAccountFailure();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['account-profile'], queryFn: accountCentreApi.profile });
  const upload = useMutation({
    mutationFn: (file: File) => accountCentreApi.uploadAvatar(file, file.name),
    onSuccess: () => {
      void message.success(t('accountCentre.info.uploaded'));
      void queryClient.invalidateQueries({ queryKey: ['account-profile'] });
    },
    onError: (error) => void message.error(describe(error)),
  });
  const data = profile.data;
  const none = t('accountCentre.info.none');

  return (
    <Card
      variant="borderless"
      title={t('accountCentre.info.title')}
      extra={
        <Link to="/account/info/sms/edit/1">
          <Button data-testid="info-edit">{t('accountCentre.info.edit')}</Button>
        </Link>
      }
    >
      {profile.error ? (
        <Typography.Paragraph type="danger">{describe(profile.error)}</Typography.Paragraph>
      ) : null}
      {profile.isPending ? <Skeleton active /> : null}
      {data ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Space size="large" align="center">
            <Avatar
              size={80}
              src={data.avatarUrl ?? undefined}
              icon={<UserOutlined />}
              data-testid="info-avatar"
            />
            <Space orientation="vertical" size={4}>
              <Upload
                accept=".jpg,.jpeg,.png,.gif,.svg,.ico"
                showUploadList={false}
                beforeUpload={(file) => {
                  const violation = checkDesignerImage(file.name, file.size);
                  if (violation) void message.error(describeViolation(violation, locale));
                  else upload.mutate(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={upload.isPending}>
                  {t('accountCentre.info.upload')}
                </Button>
              </Upload>
              <Typography.Text type="secondary">{t('accountCentre.info.avatarHint')}</Typography.Text>
            </Space>
          </Space>
          <Descriptions
            column={1}
            bordered
            size="middle"
            style={{ maxWidth: 640 }}
            data-testid="info-details"
          >
            <Descriptions.Item label={t('accountCentre.info.username')}>
              {data.username ?? none}
            </Descriptions.Item>
            <Descriptions.Item label={t('accountCentre.info.name')}>{data.name ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('accountCentre.info.tel')}>{data.tel ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('accountCentre.info.email')}>{data.email ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('accountCentre.info.accountType')}>
              {t(`accountCentre.info.${data.accountType}`)}
            </Descriptions.Item>
            {data.company ? (
              <Descriptions.Item label={t('accountCentre.info.company')}>{data.company}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('accountCentre.info.createdAt')}>
              {formatTime(data.createdAt)}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      ) : null}
    </Card>
  );
}
