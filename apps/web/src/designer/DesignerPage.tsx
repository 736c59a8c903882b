/**
 * The page designer (route /manage/product/:productId/designer/:pageId, full window): loads the page,
 * the product's variables, pages and history reports, opens the document (rebinding bindings whose
 * signal was renamed or removed and clearing reports that are gone, §4) and hands one store per load
 * to the workspace.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Result, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { translateDesignerRejection } from '@lyyp/contracts/designer';
import { rebindPage } from '@lyyp/designer-core';
import { designerApi } from '../api/designer.api.ts';
import { reportApi } from '../api/report.api.ts';
import { getCurrentLocale } from '../app/i18n.ts';
import { describeError } from '../app/messages.ts';
import { listBindingOptions, toRebindCatalogue } from '../widgets/signal-catalogue.ts';
import { DesignerStoreContext } from './designer-context.ts';
import { DesignerWorkspace } from './DesignerWorkspace.tsx';
import { DesignerDataContext, type DesignerData } from './panels/designer-data.ts';
import { loadDesignerConfig } from './state/config-storage.ts';
import { BROWSER_DEPS, createDesignerStore } from './state/designer-store.ts';
import { openLoadedPage } from './state/page-loading.ts';
import { useDesignerLocale } from './use-designer-locale.ts';
import styles from './designer.module.css';

export default function DesignerPage() {
  const { productId = '', pageId = '' } = useParams();
  const { t } = useTranslation();
  const { locale } = useDesignerLocale();
  const { message } = App.useApp();
  const navigate = useNavigate();

  const page = useQuery({
    queryKey: ['designer', 'page', pageId],
    queryFn: () => designerApi.loadPage(pageId),
    gcTime: 0,
    staleTime: Infinity,
  });
  const variables = useQuery({
    queryKey: ['designer', 'variables', productId],
    queryFn: () => designerApi.listVariables(productId),
  });
  const pages = useQuery({
    queryKey: ['designer', 'pages', productId],
    queryFn: () => designerApi.listPages(productId),
  });
  const reports = useQuery({
    queryKey: ['designer', 'reports', productId],
    queryFn: () => reportApi.listReports(productId),
  });

  const opened = useMemo(
    () => (page.data ? openLoadedPage(page.data, productId, BROWSER_DEPS) : null),
    [page.data, productId],
  );

  // One store per load: a reload after a refused save starts from what the server holds.
  const loaded = useMemo(() => {
    // Reports only clear references that are gone; when they cannot be read, references stay.
    if (!opened?.ok || !page.data || !variables.data || reports.isPending) return null;
    const store = createDesignerStore({
      document: opened.value,
      config: loadDesignerConfig(window.localStorage),
      locale: getCurrentLocale(),
      version: page.data.version,
      hasPassword: page.data.con.hasPassword === true,
    });
    const catalogue = {
      ...toRebindCatalogue(variables.data),
      ...(reports.data ? { reportIds: reports.data.reports.map((report) => report.id) } : {}),
    };
    const rebound = rebindPage(opened.value, catalogue);
    const changed = rebound.remapped + rebound.cleared;
    if (changed > 0) store.getState().run({ name: 'rebind', catalogue });
    return { store, changed, catalogue };
  }, [opened, page.data, variables.data, reports.isPending, reports.data]);

  useEffect(() => {
    if (loaded && loaded.changed > 0) void message.info(t('designer.rebound', { count: loaded.changed }));
  }, [loaded, message, t]);

  const data = useMemo<DesignerData>(
    () => ({
      productId,
      variables: variables.data ?? [],
      bindingOptions: listBindingOptions(variables.data ?? [], locale),
      pages: pages.data ?? [],
      pageId,
      reports: reports.data?.reports ?? [],
    }),
    [productId, variables.data, pages.data, locale, pageId, reports.data],
  );

  const back = () => void navigate(`/manage/product/edit/${encodeURIComponent(productId)}/page`);
  const reload = () => void page.refetch();

  const failure = page.error ?? variables.error;
  if (failure || (opened && !opened.ok)) {
    const reason =
      opened && !opened.ok
        ? translateDesignerRejection(opened.rejection.reason, locale, opened.rejection.params)
        : describeError(failure, locale);
    return (
      <Result
        status="warning"
        title={t('designer.loadFailed')}
        subTitle={reason}
        extra={<Button onClick={back}>{t('designer.back')}</Button>}
      />
    );
  }
  if (!loaded) {
    return (
      <div className={styles.state}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <DesignerStoreContext.Provider value={loaded.store}>
      <DesignerDataContext.Provider value={data}>
        <DesignerWorkspace onBack={back} onReload={reload} catalogue={loaded.catalogue} />
      </DesignerDataContext.Provider>
    </DesignerStoreContext.Provider>
  );
}
