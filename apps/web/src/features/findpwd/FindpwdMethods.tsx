/** How to prove who you are when recovering a password (§2): by phone, email or security questions. */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const METHODS = [
  { route: 'FindpwdTelValidate', path: '/findpwd/tel', label: 'accountCentre.findpwd.methods.tel' },
  { route: 'FindpwdEmailValidate', path: '/findpwd/email', label: 'accountCentre.findpwd.methods.email' },
  {
    route: 'FindpwdQuestionValidate',
    path: '/findpwd/question',
    label: 'accountCentre.findpwd.methods.question',
  },
] as const;

/** Shown on the identity step only: null on the later steps. */
export function FindpwdMethods({ routeName }: { routeName: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = METHODS.find((method) => method.route === routeName);
  if (!current) return null;
  return (
    <Segmented
      block
      style={{ marginBottom: 20 }}
      value={current.path}
      data-testid="findpwd-methods"
      onChange={(path) => void navigate(path)}
      options={METHODS.map((method) => ({ value: method.path, label: t(method.label) }))}
    />
  );
}
