/** /manage/authorization: the roles (built-in and staff-created) and the accounts holding one. */
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorizationTable } from './AuthorizationTable.tsx';
import { RoleTable } from './RoleTable.tsx';

export default function AuthorizationPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('roles');
  const [creating, setCreating] = useState(false);
  return (
    <Card
      variant="borderless"
      title={t('routes.Authorization')}
      extra={
        tab === 'roles' ? (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="role-add">
            {t('admin.roles.add')}
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'roles',
            label: t('admin.roles.rolesTab'),
            children: <RoleTable creating={creating} onCreatingDone={() => setCreating(false)} />,
          },
          {
            key: 'authorizations',
            label: t('admin.roles.authorizationsTab'),
            children: <AuthorizationTable />,
          },
        ]}
      />
    </Card>
  );
}
