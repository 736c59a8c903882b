/**
 * The preview's side panel: where the values come from (typed here, or one of the product's devices
 * the developer may see) and, for typed values, one field per variable. A write from the running
 * page shows up in its field.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Select, Typography } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveValue } from '@lyyp/contracts/live';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { CatalogueVariable } from '../../widgets/signal-catalogue.ts';
import { useDesignerData } from '../panels/designer-data.ts';
import type { PreviewDevice } from './PreviewStage.tsx';
import { parseSimulatedValue, type SimulatedValues } from './simulated-values.ts';
import styles from './preview.module.css';

/** Where the preview's values come from. */
export type PreviewSource =
  { readonly kind: 'typed' } | { readonly kind: 'device'; readonly device: PreviewDevice };

const TYPED = 'typed';
/** The devices offered: the first page of the product's devices the developer may see. */
const DEVICE_PAGE_SIZE = 100;

function ValueField({
  variable,
  value,
  onChange,
}: {
  variable: CatalogueVariable;
  value: LiveValue | undefined;
  onChange: (value: LiveValue | undefined) => void;
}) {
  const isSwitch = variable.dataType === 'boolean';
  const shown = (current: LiveValue | undefined) =>
    current === undefined || current === null ? '' : String(current);
  const [text, setText] = useState(shown(value));
  const [seen, setSeen] = useState(value);
  // A write from the page changes the value: the field follows it (text being typed stays).
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (parseSimulatedValue(text, isSwitch) !== value) setText(shown(value));
  }
  return (
    <label className={styles.valueRow} data-simulated={variable.key}>
      <span className={styles.valueName} title={variable.key}>
        {variable.name} <span className={styles.valueKey}>{variable.unit}</span>
      </span>
      <Input
        size="small"
        value={text}
        placeholder={isSwitch ? '0 / 1' : '—'}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseSimulatedValue(event.target.value, isSwitch));
        }}
      />
    </label>
  );
}

export function PreviewPanel({
  source,
  onSourceChange,
  simulated,
}: {
  source: PreviewSource;
  onSourceChange: (source: PreviewSource) => void;
  simulated: SimulatedValues;
}) {
  const { t } = useTranslation();
  const { productId, variables } = useDesignerData();
  const typed = useSyncExternalStore(simulated.subscribe, simulated.snapshot);
  const devices = useQuery({
    queryKey: ['designer', 'preview-devices', productId],
    queryFn: () => catalogueApi.queryDevices({ productId, page: 1, pageSize: DEVICE_PAGE_SIZE }),
  });
  const list = devices.data?.list ?? [];

  const handleSource = (value: string) => {
    const device = list.find((item) => item.id === value);
    onSourceChange(
      device
        ? {
            kind: 'device',
            device: {
              id: device.id,
              name: device.name,
              gatewaySn: device.gatewaySn,
              gatewayStatus: device.gatewayStatus,
            },
          }
        : { kind: 'typed' },
    );
  };

  return (
    <div className={styles.panel} data-preview-panel>
      <Typography.Text strong>{t('designerStudio.preview.source')}</Typography.Text>
      <Select
        value={source.kind === 'device' ? source.device.id : TYPED}
        onChange={handleSource}
        loading={devices.isPending}
        data-preview-source
        options={[
          { value: TYPED, label: t('designerStudio.preview.typed') },
          ...list.map((device) => ({
            value: device.id,
            label: `${device.name} · ${t(`designerStudio.preview.status.${device.gatewayStatus}`)}`,
          })),
        ]}
      />
      {source.kind === 'device' ? (
        <Alert type="info" showIcon title={t('designerStudio.preview.deviceHint')} />
      ) : (
        <>
          <Alert type="info" showIcon title={t('designerStudio.preview.typedHint')} />
          <div className={styles.values}>
            {variables.map((variable) => (
              <ValueField
                key={variable.key}
                variable={variable}
                value={typed[variable.key]}
                onChange={(value) => simulated.set(variable.key, value)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
