/**
 * Sharing one device (§1, §5, §6): a new share by link (shown with its QR code, once) or by
 * password, with the permission settings the sharer may give; and the device's shares with their
 * derived state, each revocable.
 */
import { CopyOutlined } from '@ant-design/icons';
import type { DeviceView } from '@lyyp/contracts';
import {
  DEVICE_SHARES_MAX,
  DeviceShareAddSchema,
  SHARE_LINK_TTL_DAYS_DEFAULT,
  SHARE_MENUS,
  SHARE_MENU_KEYS,
  SHARE_PASSWORD_MAX_LENGTH,
  SHARE_PASSWORD_MIN_LENGTH,
  checkSharePassword,
  type ShareMenu,
  type ShareMethod,
  type ShareState,
} from '@lyyp/contracts/fleet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { fleetApi, type DeviceShare, type DeviceShareCreated } from '../../api/fleet.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { actionColumn, ConfirmButton, ConsoleTable, timeColumn, useFieldRule } from '../../blocks/index.ts';
import { nameIn } from '../account-centre/registry-names.ts';
import { QrCode } from '../download/QrCode.tsx';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { copyText } from '../monitor/common/copy-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { requiredCheck, rulesFromChecks } from '../monitor/common/schema-rules.ts';
import { shareLinkOf } from './share-link.ts';

interface ShareValues {
  method: ShareMethod;
  password?: string;
  expiresInDays: number;
  topMenu: boolean;
  menus: ShareMenu[];
  canWrite: boolean;
  canReshare: boolean;
}

const STATE_COLOURS: Record<ShareState, string> = {
  open: 'blue',
  accepted: 'green',
  expired: 'default',
  revoked: 'default',
};

/** What the caller may pass on: everything unless the device came to them through a share. */
function grantable(device: DeviceView) {
  const own = device.sharePermissions;
  return {
    menus: own ? own.menus : [...SHARE_MENU_KEYS],
    topMenu: own ? own.topMenu : true,
    canWrite: device.access.canWrite,
  };
}

export function DeviceShareDialog({ device, onClose }: { device: DeviceView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  // Validity days out of range are refused with 1144, never moved into range by the input.
  const expiresRule = useFieldRule(DeviceShareAddSchema.shape.expiresInDays);
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShareValues>();
  const method = Form.useWatch('method', form);
  const open = device !== null;
  const sharesKey = ['device-shares', device?.id] as const;
  const shares = useQuery({
    queryKey: sharesKey,
    queryFn: () => fleetApi.listShares(device!.id),
    enabled: open,
    // Receivers accept while the owner is away: opening the dialog always shows the states anew.
    refetchOnMount: 'always',
  });
  const refresh = async (list?: DeviceShare[]) => {
    if (list) queryClient.setQueryData(sharesKey, list);
    else await queryClient.invalidateQueries({ queryKey: sharesKey });
    await queryClient.invalidateQueries({ queryKey: ['devices'] });
  };
  const create = useMutation({
    mutationFn: (values: ShareValues) =>
      fleetApi.addShare({
        id: device!.id,
        method: values.method,
        ...(values.method === 'password' ? { password: values.password ?? '' } : {}),
        expiresInDays: values.expiresInDays,
        topMenu: values.topMenu,
        menus: values.menus,
        canWrite: values.canWrite,
        canReshare: values.canReshare,
      }),
    onSuccess: () => refresh(),
    onError: (error) => void message.error(describeFailure(error)),
  });
  const close = () => {
    create.reset();
    onClose();
  };
  const limits = device ? grantable(device) : null;

  return (
    <Modal
      open={open}
      title={t('fleet.share.title', { name: device?.name ?? '' })}
      footer={null}
      width={760}
      onCancel={close}
      destroyOnHidden
    >
      {device && limits ? (
        <>
          <Form<ShareValues>
            form={form}
            name="device-share"
            layout="horizontal"
            labelCol={{ span: 6 }}
            initialValues={{
              method: 'link',
              expiresInDays: SHARE_LINK_TTL_DAYS_DEFAULT,
              topMenu: limits.topMenu,
              menus: limits.menus,
              canWrite: false,
              canReshare: false,
            }}
            onFinish={(values) => create.mutate(values)}
            onValuesChange={() => create.reset()}
          >
            <Form.Item name="method" label={t('fleet.share.method')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'link', label: t('fleet.share.link') },
                  { value: 'password', label: t('fleet.share.password') },
                ]}
              />
            </Form.Item>
            {method === 'password' ? (
              <Form.Item
                name="password"
                label={t('fleet.share.passwordLabel')}
                extra={t('fleet.share.passwordHint', {
                  min: SHARE_PASSWORD_MIN_LENGTH,
                  max: SHARE_PASSWORD_MAX_LENGTH,
                })}
                rules={rulesFromChecks(locale, requiredCheck('password'), checkSharePassword)}
              >
                <Input
                  maxLength={SHARE_PASSWORD_MAX_LENGTH}
                  autoComplete="off"
                  data-testid="share-password"
                />
              </Form.Item>
            ) : null}
            <Form.Item
              name="expiresInDays"
              label={t('fleet.share.expires')}
              extra={t('fleet.share.expiresHint')}
              rules={[expiresRule]}
            >
              <InputNumber precision={0} data-testid="share-expires" />
            </Form.Item>
            <Form.Item name="topMenu" label={t('fleet.share.topMenu')} valuePropName="checked">
              <Switch disabled={!limits.topMenu} />
            </Form.Item>
            <Form.Item name="menus" label={t('fleet.share.menus')}>
              <Checkbox.Group
                options={SHARE_MENU_KEYS.map((key) => ({
                  value: key,
                  label: nameIn(SHARE_MENUS, key, locale),
                  disabled: !limits.menus.includes(key),
                }))}
              />
            </Form.Item>
            <Form.Item name="canWrite" label={t('fleet.share.canWrite')} valuePropName="checked">
              <Switch disabled={!limits.canWrite} data-testid="share-can-write" />
            </Form.Item>
            <Form.Item
              name="canReshare"
              label={t('fleet.share.canReshare')}
              valuePropName="checked"
              extra={t('fleet.share.canReshareHint')}
            >
              <Switch data-testid="share-can-reshare" />
            </Form.Item>
            <Form.Item wrapperCol={{ offset: 6 }}>
              <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="share-create">
                {t('fleet.share.create')}
              </Button>
            </Form.Item>
          </Form>
          {create.data ? <CreatedShare created={create.data} sn={device.gatewaySn} /> : null}
          <Divider titlePlacement="start" plain>
            {t('fleet.share.list')}
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              {t('fleet.share.limit', { max: DEVICE_SHARES_MAX })}
            </Typography.Text>
          </Divider>
          <ConsoleTable<DeviceShare>
            testId="share-list"
            loading={shares.isPending}
            rows={shares.data}
            pagination={{ pageSize: 5, hideOnSinglePage: true }}
            emptyText={t('fleet.share.empty')}
            columns={[
              {
                title: t('fleet.share.method'),
                dataIndex: 'method',
                render: (value: ShareMethod) => t(`fleet.share.${value}`),
              },
              {
                title: t('fleet.share.receiver'),
                dataIndex: 'receiverName',
                render: (value: string | null) => value ?? '—',
              },
              {
                title: t('fleet.share.state'),
                dataIndex: 'state',
                render: (state: ShareState) => (
                  <Tag color={STATE_COLOURS[state]}>{t(`fleet.share.states.${state}`)}</Tag>
                ),
              },
              {
                title: t('fleet.share.canWrite'),
                dataIndex: 'canWrite',
                render: (value: boolean) => (value ? t('monitor.common.yes') : t('monitor.common.no')),
              },
              {
                title: t('fleet.share.canReshare'),
                dataIndex: 'canReshare',
                render: (value: boolean) => (value ? t('monitor.common.yes') : t('monitor.common.no')),
              },
              timeColumn(t('fleet.share.expiresAt'), 'expiresAt', {
                // Accepted access lasts until revoked: the date matters while a share waits.
                render: (value: string, share) =>
                  share.state === 'open' || share.state === 'expired' ? formatTime(value) : '—',
              }),
              actionColumn(t('monitor.common.actions'), (share) =>
                share.state === 'open' || share.state === 'accepted' ? (
                  <ConfirmButton
                    label={t('fleet.share.revoke')}
                    title={t('fleet.share.revokeConfirm')}
                    run={() => fleetApi.revokeShare(device.id, share.id)}
                    successText={t('fleet.share.revoked')}
                    onDone={refresh}
                    testId="share-revoke"
                  />
                ) : null,
              ),
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}

function CreatedShare({ created, sn }: { created: DeviceShareCreated; sn: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  if (!created.token)
    return (
      <Alert
        type="success"
        showIcon
        title={t('fleet.share.created')}
        description={t('fleet.share.passwordShareHint', { sn })}
      />
    );
  const link = shareLinkOf(window.location.origin, created.token);
  return (
    <Alert
      type="success"
      showIcon
      title={t('fleet.share.created')}
      description={
        <Space align="start" size="large" wrap>
          <QrCode text={link} label={t('fleet.share.qrLabel')} />
          <Space orientation="vertical">
            <Typography.Text type="secondary">{t('fleet.share.linkOnce')}</Typography.Text>
            <Typography.Text code data-testid="share-link" style={{ wordBreak: 'break-all' }}>
              {link}
            </Typography.Text>
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                void copyText(link).then((copied) =>
                  copied
                    ? message.success(t('monitor.common.copied'))
                    : message.error(t('monitor.common.copyFailed')),
                )
              }
            >
              {t('fleet.share.copyLink')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
