/** Edit basic info (/account/info/sms/edit/:isPerson): the personal account's name. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { loadAccountInfo } from '../../app/use-session.ts';
import { useSessionStore } from '../../app/session-store.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { useAccountRules, useDescribeAccountFailure } from './account-rules.ts';

export default function InfoEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['account-profile'], queryFn: accountCentreApi.profile });
  const save = useMutation({
    mutationFn: async (values: { name: string }) => {
      const saved = await accountCentreApi.editProfile({ name: values.name.trim() });
      useSessionStore.getState().signIn(await loadAccountInfo());
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(['account-profile'], saved);
      void message.success(t('accountCentre.info.saved'));
      void navigate('/account/info/sms');
    },
  });

  return (
    <Card variant="borderless" title={t('routes.InfoSmsEdit')}>
      {profile.isPending ? <Skeleton active /> : null}
      {profile.data ? (
        <Form
          layout="vertical"
          name="info-edit"
          style={{ maxWidth: 420 }}
          initialValues={{ name: profile.data.name ?? '' }}
          onFinish={(values: { name: string }) => save.mutate(values)}
        >
          <FormAlert text={save.error ? describe(save.error) : null} />
          <Form.Item name="name" label={t('accountCentre.info.name')} rules={rules.name} required>
            <Input data-testid="info-name" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('accountCentre.info.save')}
            </Button>
            <Button onClick={() => void navigate('/account/info/sms')}>
              {t('accountCentre.info.cancel')}
            </Button>
          </Space>
        </Form>
      ) : null}
    </Card>
  );
}
