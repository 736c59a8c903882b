/** /manage/account/ter: the ter account list. */
import { AccountListPage } from './AccountListPage.tsx';

export default function AccountTerPage() {
  return <AccountListPage kind="ter" />;
}
