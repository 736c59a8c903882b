/**
 * One page of a device, running: opened from the server (asking for its password when it has one),
 * drawn by the shared widget renderer at the page's fit, with live values, animations, and clicks
 * carried out. Popups open the same view inside a dialog, which refuses further popups.
 */
import { useQuery } from '@tanstack/react-query';
import { Modal, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateDesignerRejection, type DataBinding, type PageDocument } from '@lyyp/contracts/designer';
import type { ValueReader } from '@lyyp/designer-core';
import { isApiError } from '../../api/index.ts';
import { designerRuntimeApi } from '../../api/designer-runtime.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError } from '../../app/messages.ts';
import { useSessionStore } from '../../app/session-store.ts';
import { useDeviceAbilities } from '../monitor/common/use-device-abilities.ts';
import { computeFitScale, type Size } from '../../widgets/page-fit.ts';
import { useSpaceSize } from './use-space-size.ts';
import { PageCanvas } from '../../widgets/PageCanvas.tsx';
import type { LiveValueSource } from '../../widgets/render-context.ts';
import type { SignalInfo } from '../../widgets/value-format.ts';
import { useFaceplateValues } from '../../widgets/use-faceplate-values.ts';
import { openRunningPage } from './open-page.ts';
import { PagePasswordForm } from './PagePasswordForm.tsx';
import { useRunRuntime } from './run-runtime.ts';
import { usePageActions, type PopupRequest } from './use-page-actions.tsx';
import styles from './runtime.module.css';

const PAGE_PASSWORD_REQUIRED = '1140';
const PAGE_PASSWORD_WRONG = '1139';

export interface RuntimePageProps {
  readonly deviceId: string;
  readonly pageId: string;
  /** The latest values; `live` tells which of them changed, so only their widgets re-render. */
  readonly read: ValueReader;
  readonly live?: LiveValueSource;
  readonly describe: (binding: DataBinding) => SignalInfo | undefined;
  readonly insidePopup?: boolean;
  /** Fixed size of the space (a popup window); otherwise the page fills its container. */
  readonly size?: Size;
}

export function RuntimePage({
  deviceId,
  pageId,
  read: pageRead,
  live: pageLive,
  describe,
  insidePopup = false,
  size,
}: RuntimePageProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const auths = useSessionStore((state) => state.auths);
  const mayWrite = useDeviceAbilities(deviceId)('device.write');
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const [spaceRef, spaceSize] = useSpaceSize(size);

  const opened = useQuery({
    queryKey: ['runtime', 'page', deviceId, pageId, password ?? ''],
    queryFn: () =>
      designerRuntimeApi.openDevicePage({ equipmentId: deviceId, pageId, ...(password ? { password } : {}) }),
    retry: false,
    placeholderData: (previous) => previous,
  });

  const openedPage = useMemo(() => (opened.data ? openRunningPage(opened.data) : null), [opened.data]);
  const document: PageDocument | null = openedPage?.ok ? openedPage.value : null;
  // Faceplate instances bound to other devices show those devices' values.
  const { read, live } = useFaceplateValues(document, deviceId, { read: pageRead, live: pageLive });

  const actions = usePageActions({ deviceId, read, insidePopup, onPopup: setPopup });
  // The device's pages are already loaded by the view; the popup takes its title from them.
  const pages = useQuery({
    queryKey: ['runtime', 'pages', deviceId],
    queryFn: () => designerRuntimeApi.listDevicePages(deviceId),
    enabled: popup !== null,
  });
  const popupTitle =
    pages.data?.find((page) => page.id === popup?.pageId)?.title ?? t('designer.runtime.popupTitle');
  const runtime = useRunRuntime({ locale, read, live, describe, auths, mayWrite, deviceId, actions });

  const error = opened.error;
  const code = isApiError(error) ? error.code : null;
  let content;
  if (code === PAGE_PASSWORD_REQUIRED || (code === PAGE_PASSWORD_WRONG && !opened.data)) {
    content = (
      <PagePasswordForm
        error={code === PAGE_PASSWORD_WRONG ? describeError(error, locale) : null}
        checking={opened.isFetching}
        onSubmit={setPassword}
      />
    );
  } else if (error) {
    content = <Result status="warning" title={describeError(error, locale)} />;
  } else if (openedPage && !openedPage.ok) {
    const { reason, params } = openedPage.rejection;
    content = <Result status="warning" title={translateDesignerRejection(reason, locale, params)} />;
  } else if (!document) {
    content = (
      <div className={styles.centre}>
        <Spin />
      </div>
    );
  } else {
    const scale = computeFitScale(document.fit, document, spaceSize);
    content = (
      <div
        className={styles.holder}
        style={{ width: document.width * scale, height: document.height * scale }}
      >
        <PageCanvas document={document} runtime={runtime} scale={scale} />
      </div>
    );
  }

  return (
    <div
      ref={spaceRef}
      className={insidePopup ? styles.popupSpace : styles.space}
      style={size ? { width: size.width, height: size.height } : undefined}
      data-runtime-page={pageId}
    >
      {content}
      {popup ? (
        <Modal
          open
          title={popupTitle}
          footer={null}
          width={popup.width + 48}
          onCancel={() => setPopup(null)}
          destroyOnHidden
        >
          <RuntimePage
            deviceId={deviceId}
            pageId={popup.pageId}
            read={pageRead}
            {...(pageLive ? { live: pageLive } : {})}
            describe={describe}
            insidePopup
            size={{ width: popup.width, height: popup.height }}
          />
        </Modal>
      ) : null}
    </div>
  );
}
