/**
 * The device list's mark on devices whose SIM card is about to expire or has expired. Card
 * statuses are for operation staff (`manage:system:sim`); others see no mark.
 */
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { usePermission } from '../monitor/common/use-permission.ts';
import { SimStatusTag } from './SimStatusTag.tsx';

/** Cards about to expire or expired, by device id, for staff; one query shared by every row. */
function useExpiringSims(enabled: boolean) {
  return useQuery({
    queryKey: ['sims', 'expiring'],
    queryFn: async () => {
      const [soon, expired] = await Promise.all([
        alarmApi.listSims({ status: 'about-to-expire', page: 1, pageSize: 100 }),
        alarmApi.listSims({ status: 'expired', page: 1, pageSize: 100 }),
      ]);
      return new Map(
        [...expired.list, ...soon.list].flatMap((card) =>
          card.deviceId ? [[card.deviceId, card] as const] : [],
        ),
      );
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function ExpiringSimMark({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const staff = usePermission('manage:system:sim');
  const cards = useExpiringSims(staff);
  const card = cards.data?.get(deviceId);
  if (!card) return null;
  return (
    <Tooltip
      title={`${t('alarm.sim.expiring')} · ICCID ${card.iccid}${card.daysLeft === null ? '' : ` · ${t('alarm.sim.days', { count: card.daysLeft })}`}`}
    >
      <span data-testid="sim-expiring">
        <SimStatusTag status={card.status} />
      </span>
    </Tooltip>
  );
}
