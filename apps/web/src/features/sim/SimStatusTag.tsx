/** A SIM card's status as a coloured tag (§4 card status), used by the SIM list and the device list. */
import type { SimCardStatus } from '@lyyp/contracts/alarm';
import { Tag } from 'antd';
import { useLocaleStore } from '../../app/i18n.ts';
import { simStatusName } from '../alarm/alarm-text.ts';

const COLORS: Record<SimCardStatus, string> = {
  active: 'green',
  'about-to-expire': 'orange',
  expired: 'red',
  shutdown: 'default',
};

export function SimStatusTag({ status }: { status: SimCardStatus }) {
  const locale = useLocaleStore((state) => state.locale);
  return (
    <Tag color={COLORS[status]} data-testid={`sim-${status}`}>
      {simStatusName(status, locale)}
    </Tag>
  );
}
