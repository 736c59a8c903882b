/**
 * The end of a row of an alarm group's lists (a recipient, an escalation step): the channels
 * ticked for it, and the row's delete button.
 */
import type { AlarmChannel } from '@lyyp/contracts/alarm';
import { Checkbox, Col, Form } from 'antd';
import { useLocaleStore } from '../../app/i18n.ts';
import { RemoveRowButton } from '../../blocks/index.ts';
import { channelName } from './alarm-text.ts';

export function ChannelCells({
  row,
  channels,
  span,
  onRemove,
}: {
  /** The row's index in its Form.List. */
  row: number;
  channels: readonly AlarmChannel[];
  span: number;
  onRemove: () => void;
}) {
  const locale = useLocaleStore((state) => state.locale);
  return (
    <>
      <Col span={span}>
        <Form.Item name={[row, 'channels']}>
          <Checkbox.Group
            options={channels.map((code) => ({ value: code, label: channelName(code, locale) }))}
          />
        </Form.Item>
      </Col>
      <Col span={2}>
        <RemoveRowButton danger onClick={onRemove} />
      </Col>
    </>
  );
}
