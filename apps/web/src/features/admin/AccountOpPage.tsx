/** /manage/account/op: the op account list. */
import { AccountListPage } from './AccountListPage.tsx';

export default function AccountOpPage() {
  return <AccountListPage kind="op" />;
}
