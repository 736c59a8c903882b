/**
 * The page being edited, running inside the designer (no publish needed): against a device of the
 * product the developer may see, with its live values and the policy's answer on writes, or against
 * values typed per variable, where writes land in those values. The monitoring site's own runtime
 * draws it: the same renderer, animations, click events, confirmations and value prompts.
 */
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageDocument, RuleValue } from '@lyyp/contracts/designer';
import type { ValueReader } from '@lyyp/designer-core';
import { useLocaleStore } from '../../app/i18n.ts';
import { useSessionStore } from '../../app/session-store.ts';
import { useDeviceAbilities } from '../../features/monitor/common/use-device-abilities.ts';
import { useRunRuntime } from '../../features/runtime/run-runtime.ts';
import { useDeviceLive } from '../../features/runtime/use-device-live.ts';
import { usePageActions } from '../../features/runtime/use-page-actions.tsx';
import { useSpaceSize } from '../../features/runtime/use-space-size.ts';
import { computeFitScale } from '../../widgets/page-fit.ts';
import { PageCanvas } from '../../widgets/PageCanvas.tsx';
import type { LiveValueSource } from '../../widgets/render-context.ts';
import { useFaceplateValues } from '../../widgets/use-faceplate-values.ts';
import { createSignalDescriber } from '../../widgets/signal-catalogue.ts';
import { useDesignerData } from '../panels/designer-data.ts';
import type { SimulatedValues } from './simulated-values.ts';
import styles from './preview.module.css';

/** A device of the product, as the preview's source list shows it. */
export interface PreviewDevice {
  readonly id: string;
  readonly name: string;
  readonly gatewaySn: string;
  readonly gatewayStatus: string;
}

interface RunningPageProps {
  readonly document: PageDocument;
  readonly read: ValueReader;
  readonly live: LiveValueSource;
  readonly mayWrite: boolean;
  readonly deviceId?: string;
  readonly writeTo?: (key: string, value: RuleValue) => Promise<void>;
}

function RunningPage({ document, read, live, mayWrite, deviceId, writeTo }: RunningPageProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const auths = useSessionStore((state) => state.auths);
  const { variables, pages } = useDesignerData();
  const describe = useMemo(() => createSignalDescriber(variables), [variables]);
  const [spaceRef, spaceSize] = useSpaceSize(undefined);

  // Another page (or a popup) is not opened from the preview: it says which page would open.
  const tellPage = (pageId: string) => {
    const title = pages.find((page) => page.id === pageId)?.title ?? pageId;
    void message.info(t('designerStudio.preview.opensPage', { title }));
  };
  const actions = usePageActions({
    deviceId: deviceId ?? '',
    read,
    insidePopup: false,
    onPopup: (popup) => tellPage(popup.pageId),
    onOpenPage: tellPage,
    ...(writeTo ? { writeTo } : {}),
  });
  const runtime = useRunRuntime({ locale, read, live, describe, auths, mayWrite, deviceId, actions });
  const scale = computeFitScale(document.fit, document, spaceSize);

  return (
    <div ref={spaceRef} className={styles.space} data-preview-page>
      <div
        className={styles.holder}
        style={{ width: document.width * scale, height: document.height * scale }}
      >
        <PageCanvas document={document} runtime={runtime} scale={scale} />
      </div>
    </div>
  );
}

/** The page against one device: its live values, and writes only where the policy allows them. */
export function DevicePreview({ document, device }: { document: PageDocument; device: PreviewDevice }) {
  const { values } = useDeviceLive(device.id, {
    deviceName: device.name,
    gatewaySn: device.gatewaySn,
    gatewayStatus: device.gatewayStatus,
  });
  const mayWrite = useDeviceAbilities(device.id)('device.write');
  // Faceplate instances bound to other devices of the product show those devices' values.
  const shown = useFaceplateValues(document, device.id, { read: values.read, live: values });
  return (
    <RunningPage
      document={document}
      read={shown.read}
      live={shown.live ?? values}
      mayWrite={mayWrite}
      deviceId={device.id}
    />
  );
}

/** The page against typed values; its writes change those values. */
export function TypedPreview({ document, values }: { document: PageDocument; values: SimulatedValues }) {
  return (
    <RunningPage
      document={document}
      read={values.store.read}
      live={values.store}
      mayWrite
      writeTo={values.write}
    />
  );
}
