/**
 * Whether the signed-in account is operation staff (§1: admin and operation role types, and the
 * super manager). Staff-only actions (creating and importing gateways) are offered to them alone.
 */
import { useSessionStore } from '../../../app/session-store.ts';

export function useIsOperationStaff(): boolean {
  const user = useSessionStore((state) => state.user);
  return Boolean(user && (user.isSuperManager || user.roleType === 'admin' || user.roleType === 'operation'));
}
