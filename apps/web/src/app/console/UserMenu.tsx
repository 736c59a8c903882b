/**
 * The account menu of the console header: who is signed in, switching the company the session acts
 * for (shown only when the account belongs to more than one), and signing out.
 */
import { CheckOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/index.ts';
import { liveClient } from '../../api/live.ts';
import { useLocaleStore } from '../i18n.ts';
import { describeError } from '../messages.ts';
import { useSessionStore } from '../session-store.ts';

const COMPANIES_KEY = ['session', 'companies'] as const;
const COMPANY_KEY_PREFIX = 'company:';

/** `compact` shows the avatar alone (a phone-sized header); the name then heads the menu. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const { user, signIn, clear } = useSessionStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const companies = useQuery({
    queryKey: COMPANIES_KEY,
    queryFn: authApi.listMyCompanies,
    enabled: user !== null,
  });

  const changeCompany = useMutation({
    mutationFn: authApi.changeCompany,
    onSuccess: (next, companyId) => {
      signIn(next);
      void queryClient.invalidateQueries();
      const chosen = companies.data?.find((company) => company.id === companyId);
      void message.success(t('console.companySwitched', { name: chosen?.name ?? '' }));
    },
    onError: (error) => void message.error(describeError(error, locale)),
  });

  const signOut = useMutation({
    // The live channel ends first, so nothing reconnects once the session is gone.
    mutationFn: () => {
      liveClient.end();
      return authApi.logout();
    },
    // Even when the platform cannot be reached, this browser forgets the session.
    onSettled: () => {
      clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  const choices = companies.data ?? [];
  const displayName = user?.username ?? user?.name ?? user?.tel ?? t('console.unnamed');
  const items: MenuProps['items'] = [
    ...(compact
      ? [
          {
            key: 'who',
            label: user?.company ? `${displayName} · ${user.company}` : displayName,
            disabled: true,
          },
          { type: 'divider' as const },
        ]
      : []),
    ...(choices.length > 1
      ? [
          {
            key: 'switch',
            icon: <SwapOutlined />,
            label: t('console.switchCompany'),
            children: choices.map((company) => ({
              key: `${COMPANY_KEY_PREFIX}${company.id}`,
              label: company.name,
              icon: company.current ? <CheckOutlined /> : undefined,
              disabled: company.current,
            })),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('console.signOut'), danger: true },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') signOut.mutate();
    else if (key.startsWith(COMPANY_KEY_PREFIX)) changeCompany.mutate(key.slice(COMPANY_KEY_PREFIX.length));
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: handleClick }}>
      <Button type="text" data-testid="user-menu" style={{ color: 'rgba(255,255,255,0.88)', height: 40 }}>
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1668dc' }} />
        {compact ? null : <span>{displayName}</span>}
        {user?.company && !compact ? <span style={{ opacity: 0.65 }}>· {user.company}</span> : null}
      </Button>
    </Dropdown>
  );
}
