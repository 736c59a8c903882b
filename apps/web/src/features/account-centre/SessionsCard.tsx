/**
 * The account's signed-in browsers (security settings): each with its browser and system, address,
 * sign-in and last use; any other one can be ended, or all others at once. The current one is
 * marked and left to "sign out".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountCentreApi, type AccountSession } from '../../api/account-centre.api.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useDescribeAccountFailure } from './account-rules.ts';

const SESSIONS_KEY = ['account-sessions'];

export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeAccountFailure();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: accountCentreApi.sessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOne = useMutation({
    mutationFn: accountCentreApi.endSession,
    onSuccess: () => void message.success(t('accountCentre.security.sessions.ended')),
    onError: (error) => void message.error(describe(error)),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: accountCentreApi.endOtherSessions,
    onSuccess: ({ ended }) =>
      void message.success(t('accountCentre.security.sessions.endedOthers', { count: ended })),
    onError: (error) => void message.error(describe(error)),
    onSettled: refresh,
  });
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <Card
      size="small"
      title={t('accountCentre.security.sessions.title')}
      style={{ marginTop: 16 }}
      data-testid="security-sessions"
      extra={
        <Popconfirm
          title={t('accountCentre.security.sessions.endOthersConfirm')}
          onConfirm={() => endOthers.mutate()}
          disabled={others === 0}
        >
          <Button
            danger
            disabled={others === 0}
            loading={endOthers.isPending}
            data-testid="sessions-end-others"
          >
            {t('accountCentre.security.sessions.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('accountCentre.security.sessions.intro')}
      </Typography.Paragraph>
      {sessions.error ? (
        <Typography.Paragraph type="danger">{describe(sessions.error)}</Typography.Paragraph>
      ) : null}
      <Table<AccountSession>
        rowKey="id"
        size="small"
        pagination={false}
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('accountCentre.security.sessions.device'),
            dataIndex: 'device',
            render: (device: string | null, session) => (
              <>
                {device ?? t('accountCentre.security.sessions.unknownDevice')}{' '}
                {session.current ? (
                  <Tag color="green">{t('accountCentre.security.sessions.current')}</Tag>
                ) : null}
              </>
            ),
          },
          {
            title: t('accountCentre.security.sessions.address'),
            dataIndex: 'address',
            width: 150,
            render: (address: string | null) => address ?? '—',
          },
          {
            title: t('accountCentre.security.sessions.signedInAt'),
            dataIndex: 'signedInAt',
            width: 180,
            render: (at: string) => formatTime(at),
          },
          {
            title: t('accountCentre.security.sessions.lastSeenAt'),
            dataIndex: 'lastSeenAt',
            width: 180,
            render: (at: string) => formatTime(at),
          },
          {
            title: '',
            key: 'end',
            width: 90,
            render: (_: unknown, session) =>
              session.current ? null : (
                <Popconfirm
                  title={t('accountCentre.security.sessions.endConfirm')}
                  onConfirm={() => endOne.mutate(session.id)}
                >
                  <Button type="link" danger data-testid={`session-end-${session.id}`}>
                    {t('accountCentre.security.sessions.end')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
