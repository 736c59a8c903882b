/**
 * Saving the open page: builds the multipart fields from the document, sends them, and marks the
 * page clean at the version the server answers. A save refused because someone else saved first
 * (1141) offers a reload; a page over a §9 limit is not sent and the message names the limit; other failures are shown as the catalogue words them.
 */
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { translateDesignerRejection } from '@lyyp/contracts/designer';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/index.ts';
import { designerApi } from '../api/designer.api.ts';
import { describeError } from '../app/messages.ts';
import { useDesignerStore } from './designer-context.ts';
import { buildSavePayload } from './state/save-payload.ts';
import { useDesignerLocale } from './use-designer-locale.ts';

export const CONCURRENT_EDIT_CODE = '1141';

export function useSavePage(onReload: () => void) {
  const store = useDesignerStore();
  const { t } = useTranslation();
  const { locale } = useDesignerLocale();
  const { message, modal } = App.useApp();

  const mutation = useMutation({
    mutationFn: async ({ automatic }: { automatic: boolean }) => {
      const { editor, version, hasPassword, sentPassword } = store.getState();
      const document = editor.document;
      const payload = buildSavePayload({ document, version, hasPassword, sentPassword });
      if (!payload.ok) {
        if (payload.reason === 'limit') {
          const { reason, params } = payload.rejection;
          throw new Error(translateDesignerRejection(reason, locale, params));
        }
        throw new Error(
          payload.reason === 'password-missing'
            ? t('designer.save.passwordMissing')
            : t('designer.save.invalid', { path: payload.path }),
        );
      }
      const saved = await designerApi.savePage(payload.fields);
      store.getState().markSaved(document, saved.version, payload.sentPassword);
      return { automatic };
    },
    onSuccess: ({ automatic }) => {
      void message.success(t(automatic ? 'designer.save.autoSaved' : 'designer.save.saved'));
    },
    onError: (error) => {
      if (isApiError(error) && error.code === CONCURRENT_EDIT_CODE) {
        modal.confirm({
          title: t('designer.save.conflictTitle'),
          content: error.message,
          okText: t('designer.save.conflictReload'),
          onOk: onReload,
        });
        return;
      }
      void message.error(isApiError(error) ? describeError(error, locale) : error.message);
    },
  });

  return {
    save: (automatic = false) => {
      if (!mutation.isPending) mutation.mutate({ automatic });
    },
    saving: mutation.isPending,
  };
}
