/** /manage/account/dev: the dev account list. */
import { AccountListPage } from './AccountListPage.tsx';

export default function AccountDevPage() {
  return <AccountListPage kind="dev" />;
}
