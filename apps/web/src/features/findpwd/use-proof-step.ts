/** Password recovery's first steps: prove the account one way, then go on to the new password for it. */
import { useNavigate } from 'react-router';
import { usePublicForm } from '../auth/use-public-form.tsx';
import { stepState } from './findpwd-steps.ts';

/** `check` proves the account and answers with what the new-password step names it by. */
export function useProofStep<V>(fields: readonly string[], check: (values: V) => Promise<string>) {
  const navigate = useNavigate();
  return usePublicForm<V, string>({
    fields,
    call: check,
    onSuccess: (account) =>
      void navigate(`/findpwd/password/${encodeURIComponent(account)}`, { state: stepState('verified') }),
    fallbackField: 'smsCode',
  });
}
