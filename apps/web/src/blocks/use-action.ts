/**
 * A call a button makes without asking first (make latest, enable, export): the success toast
 * when it has one, the failure in the catalogue's words, then `onDone` (refetch the list).
 */
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useDescribeFailure } from '../features/monitor/common/catalogue-text.ts';

export interface ActionOptions<V, A> {
  run: (variables: V) => Promise<A>;
  /** The success toast; none when left out. */
  successText?: string;
  onDone?: (answer: A, variables: V) => unknown;
  describeError?: (error: unknown) => string;
}

export function useAction<V = void, A = unknown>({
  run,
  successText,
  onDone,
  describeError,
}: ActionOptions<V, A>): UseMutationResult<A, unknown, V> {
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer, variables) => {
      if (successText) void message.success(successText);
      return onDone?.(answer, variables);
    },
    onError: (error) => void message.error((describeError ?? describeFailure)(error)),
  });
}
