/**
 * The back-office account lists (§2 account/op, account/dev, account/ter): operation staff and
 * developers can be created here; end users come with the enterprise certification requests.
 */
import type { AccountListKind, IssuedPassword } from '@lyyp/contracts/admin';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountAddDialog } from './AccountAddDialog.tsx';
import { AccountTable } from './AccountTable.tsx';
import { CertificationTable } from './CertificationTable.tsx';
import { IssuedPasswordDialog } from './IssuedPasswordDialog.tsx';

const TITLES: Record<AccountListKind, string> = {
  op: 'routes.AccountOp',
  dev: 'routes.AccountDev',
  ter: 'routes.AccountTer',
};

export function AccountListPage({ kind }: { kind: AccountListKind }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [revision, setRevision] = useState(0);
  const table = <AccountTable kind={kind} onPassword={setIssued} revision={revision} />;
  return (
    <Card
      variant="borderless"
      title={t(TITLES[kind])}
      extra={
        kind === 'ter' ? null : (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="account-add">
            {t('admin.accounts.add')}
          </Button>
        )
      }
    >
      {kind === 'ter' ? (
        <Tabs
          items={[
            { key: 'accounts', label: t('admin.accounts.accountsTab'), children: table },
            {
              key: 'certifications',
              label: t('admin.accounts.certificationsTab'),
              children: <CertificationTable />,
            },
          ]}
        />
      ) : (
        table
      )}
      {kind === 'ter' ? null : (
        <AccountAddDialog
          kind={kind}
          open={adding}
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setIssued(created);
            setRevision((value) => value + 1);
          }}
        />
      )}
      <IssuedPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </Card>
  );
}
