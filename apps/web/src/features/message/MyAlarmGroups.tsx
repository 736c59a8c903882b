/**
 * The alarm groups a person is in, one row each: the group and its product, "do not receive", and
 * the channels received among those the group allows them. The rows are the form's
 * `subscriptions`, in the order of `groups`.
 */
import type { MyAlarmGroup } from '@lyyp/contracts/alarm';
import { Checkbox, Form, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import { channelName } from '../alarm/alarm-text.ts';

export function MyAlarmGroups({ groups, loading }: { groups: readonly MyAlarmGroup[]; loading: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <Form.List name="subscriptions">
      {(fields) => (
        <Table
          size="small"
          rowKey={(field) => field.key}
          loading={loading}
          pagination={false}
          dataSource={fields}
          locale={{ emptyText: t('alarm.preferences.noGroups') }}
          columns={[
            {
              title: t('alarm.preferences.group'),
              key: 'group',
              render: (_, field) => {
                const group = groups[field.name];
                return group ? (
                  <>
                    <div>{group.groupName}</div>
                    <Typography.Text type="secondary">{group.productName}</Typography.Text>
                  </>
                ) : null;
              },
            },
            {
              title: t('alarm.preferences.receive'),
              key: 'muted',
              width: 110,
              render: (_, field) => (
                <Form.Item name={[field.name, 'muted']} noStyle>
                  <MutedSwitch label={groups[field.name]?.groupName ?? ''} />
                </Form.Item>
              ),
            },
            {
              title: t('alarm.preferences.channels'),
              key: 'channels',
              render: (_, field) => (
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => (
                    <Form.Item name={[field.name, 'channels']} noStyle>
                      <Checkbox.Group
                        disabled={getFieldValue(['subscriptions', field.name, 'muted']) === true}
                        options={(groups[field.name]?.allowed ?? []).map((code) => ({
                          value: code,
                          label: channelName(code, locale),
                        }))}
                      />
                    </Form.Item>
                  )}
                </Form.Item>
              ),
            },
          ]}
        />
      )}
    </Form.List>
  );
}

/** The form holds "muted"; the switch says "receive", which reads the right way round. */
function MutedSwitch({
  value,
  onChange,
  label,
}: {
  value?: boolean;
  onChange?: (muted: boolean) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={value !== true}
      onChange={(receive) => onChange?.(!receive)}
      aria-label={t('alarm.preferences.receiveGroup', { name: label })}
    />
  );
}
