/** Asks for a page's password (1140) and says so when it was wrong (1139). */
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_PASSWORD_MAX_LENGTH } from '@lyyp/contracts/designer';

export interface PagePasswordFormProps {
  readonly error: string | null;
  readonly checking: boolean;
  readonly onSubmit: (password: string) => void;
}

export function PagePasswordForm({ error, checking, onSubmit }: PagePasswordFormProps) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<LockOutlined />}
      title={t('designer.runtime.passwordTitle')}
      extra={
        <Form
          name="page-password"
          layout="inline"
          style={{ justifyContent: 'center' }}
          onFinish={({ password }: { password: string }) => onSubmit(password)}
        >
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('designer.runtime.passwordPlaceholder') }]}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.Password
              autoFocus
              maxLength={PAGE_PASSWORD_MAX_LENGTH}
              placeholder={t('designer.runtime.passwordPlaceholder')}
              autoComplete="off"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={checking}>
            {t('designer.runtime.open')}
          </Button>
        </Form>
      }
    />
  );
}
