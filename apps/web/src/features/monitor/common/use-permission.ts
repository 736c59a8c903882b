/** Whether the signed-in account holds a permission code (§6), for showing or hiding actions. */
import { hasPermission } from '@lyyp/contracts';
import { useSessionStore } from '../../../app/session-store.ts';

export function usePermission(code: string | readonly string[]): boolean {
  const auths = useSessionStore((state) => state.auths);
  return hasPermission(auths, code);
}
