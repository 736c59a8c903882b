/** Hooks the sign-in and account forms share: rules in the current language, error placement, landing. */
import type { AccountInfo } from '@lyyp/contracts';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { resolveLandingPath } from '../../app/landing.ts';
import { describeError } from '../../app/messages.ts';
import { useSessionStore } from '../../app/session-store.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { buildFormRules, isBlank, requiredText, type FormRules, type RequiredKind } from './form-rules.ts';

export function useFormRules(): FormRules {
  const locale = useLocaleStore((state) => state.locale);
  return useMemo(() => buildFormRules(locale), [locale]);
}

/**
 * The rules of a required input asked for by its label as a person would ("请输入计划名称",
 * "请选择负责人"): `choice` for a select; blank text, no choice and an empty list are all refused.
 */
export function useRequired(): (label: string, kind?: RequiredKind) => FormRule[] {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback(
    (label, kind = 'input') => [
      {
        required: true,
        validator: (_rule, value: unknown) =>
          isBlank(value) ? Promise.reject(new Error(requiredText(label, locale, kind))) : Promise.resolve(),
      },
    ],
    [locale],
  );
}

/**
 * Shows a failed call where the person will look: on the input the server blamed when the form has
 * it, otherwise in the form's alert. Returns the alert text and the handler.
 */
export function useFormError(form: FormInstance, fields: readonly string[]) {
  const locale = useLocaleStore((state) => state.locale);
  const [alertError, setAlertError] = useState<unknown>(null);

  const showError = useCallback(
    (error: unknown, fallbackField?: string) => {
      const field = isApiError(error) ? error.field : undefined;
      const target = field && fields.includes(field) ? field : fallbackField;
      if (target) {
        const labels: Readonly<Record<string, string>> = CONSOLE_TEXTS[locale].fields;
        const text =
          isApiError(error) && error.code === '1001'
            ? requiredText(labels[target] ?? target, locale)
            : describeError(error, locale);
        form.setFields([{ name: target, errors: [text] }]);
        setAlertError(null);
      } else {
        setAlertError(error);
      }
    },
    [form, fields, locale],
  );

  const clearError = useCallback(() => setAlertError(null), []);
  // The alert is worded at render time, so it follows a language switch.
  const alertText = alertError === null ? null : describeError(alertError, locale);
  return { alertText, showError, clearError };
}

/** After a sign-in of any kind: remember the account and go where the person was heading. */
export function useLandAfterSignIn(): (user: AccountInfo) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSessionStore((state) => state.signIn);
  return useCallback(
    (user: AccountInfo) => {
      signIn(user);
      void navigate(resolveLandingPath(user, params.get('redirect')), { replace: true });
    },
    [navigate, params, signIn],
  );
}
