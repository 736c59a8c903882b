/**
 * What a device row of the list offers beyond opening it: its sort number, typed in place by those
 * the policy lets edit the device, and unbinding. The list decides each row from one capabilities
 * answer (`useCapabilities().onRow`), as the server decides it.
 */
import type { DeviceView } from '@lyyp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, InputNumber, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { fleetApi } from '../../api/fleet.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

export function SortNumberCell({ device, editable }: { device: DeviceView; editable: boolean }) {
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  // Devices bound before sort numbers were typed carry 0: shown empty, as no number was given.
  const initial = device.sortNumber > 0 ? device.sortNumber : null;
  const [value, setValue] = useState<number | null>(initial);
  const save = useMutation({
    mutationFn: (sortNumber: number) => catalogueApi.editDevice(device.id, { sortNumber }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
    onError: (error) => {
      setValue(initial);
      void message.error(describeFailure(error));
    },
  });
  if (!editable) return <>{device.sortNumber}</>;
  const commit = () => {
    if (value !== null && value !== initial) save.mutate(value);
    else setValue(initial);
  };
  return (
    <InputNumber
      size="small"
      min={1}
      precision={0}
      style={{ width: 80 }}
      placeholder="—"
      value={value}
      onChange={setValue}
      onBlur={commit}
      onPressEnter={commit}
      disabled={save.isPending}
      aria-label="sort-number"
    />
  );
}

export function UnbindLink({ device }: { device: DeviceView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const unbind = useMutation({
    mutationFn: () => fleetApi.unbindDevices([device.id]),
    onSuccess: async (answer) => {
      void message.success(t('fleet.bulk.unbound', { count: answer.unbound }));
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  return (
    <Popconfirm
      title={t('fleet.bulk.unbindConfirm', { count: 1 })}
      okText={t('monitor.common.confirm')}
      cancelText={t('monitor.common.cancel')}
      onConfirm={() => unbind.mutate()}
    >
      <Typography.Link type="danger" data-testid="device-row-unbind">
        {t('fleet.bulk.unbind')}
      </Typography.Link>
    </Popconfirm>
  );
}
