/**
 * The template of a device, in its configuration tab: bind one (of the device's product) or make
 * one from this device; when bound, save the edited addresses as a new version, sync the newest
 * version to every bound device (offline gateways wait), see each version's changes against the
 * previous one, roll back to an earlier version, and unbind (the configuration stays).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deviceConfigApi,
  type DeviceConfigAnswer,
  type DriverOverride,
  type TemplateInfoAnswer,
} from '../../api/device-config.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { ConfirmButton, ConsoleTable, timeColumn } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

interface TemplatePanelProps {
  deviceId: string;
  answer: DeviceConfigAnswer;
  editable: boolean;
  /** The addresses as edited above, for a new version. */
  draftOverrides: () => DriverOverride[];
}

/** A device the template would not take, with the catalogue's code. */
class BindRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const templateKey = (id: string) => ['device-template', id] as const;

function VersionChanges({ templateId, version }: { templateId: string; version: number }) {
  const { t } = useTranslation();
  const diff = useQuery({
    queryKey: ['device-template-diff', templateId, version],
    queryFn: () => deviceConfigApi.diffTemplate(templateId, version - 1, version),
  });
  if (!diff.data) return null;
  if (diff.data.changes.length === 0)
    return <Typography.Text type="secondary">{t('deviceConfig.template.noChanges')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {diff.data.changes.map((change) => (
        <Typography.Text key={`${change.driverKey}.${change.field}`}>
          {change.driverKey} · {t(`deviceConfig.fields.${change.field}`)}: {String(change.from)} →{' '}
          {String(change.to)}
        </Typography.Text>
      ))}
    </Space>
  );
}

export function TemplatePanel({ deviceId, answer, editable, draftOverrides }: TemplatePanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const templates = useQuery({
    queryKey: ['device-templates'],
    queryFn: () => deviceConfigApi.listTemplates(),
  });
  const template = useQuery({
    queryKey: templateKey(answer.templateId ?? ''),
    queryFn: () => deviceConfigApi.fetchTemplate(answer.templateId!),
    enabled: answer.templateId !== null,
  });
  const refresh = async (info?: TemplateInfoAnswer) => {
    if (info) queryClient.setQueryData(templateKey(info.id), info);
    await queryClient.invalidateQueries({ queryKey: ['device-config', deviceId] });
    await queryClient.invalidateQueries({ queryKey: ['device-templates'] });
  };
  const onError = (error: unknown) => void message.error(describeFailure(error));
  const failedCode = (results: Array<{ code: string | null }>) => results.find((result) => result.code)?.code;

  const bind = useMutation({
    mutationFn: async (templateId: string) => {
      const result = await deviceConfigApi.bindTemplate(templateId, [deviceId]);
      const code = failedCode(result.results);
      if (code) throw new BindRefused(code);
    },
    onSuccess: () => refresh(),
    onError: (error) =>
      void message.error(
        error instanceof BindRefused ? translateCatalogue(error.code, locale) : describeFailure(error),
      ),
  });
  const create = useMutation({
    mutationFn: () => deviceConfigApi.addTemplate(name.trim(), answer.productId, deviceId),
    onSuccess: (info) => bind.mutate(info.id),
    onError,
  });
  const saveVersion = useMutation({
    mutationFn: () => deviceConfigApi.saveTemplateVersion(answer.templateId!, draftOverrides()),
    onSuccess: (info) => refresh(info),
    onError,
  });
  const rollback = useMutation({
    mutationFn: (version: number) => deviceConfigApi.rollbackTemplate(answer.templateId!, version),
    onSuccess: (info) => refresh(info),
    onError,
  });
  const sync = useMutation({
    mutationFn: () => deviceConfigApi.syncTemplate(answer.templateId!),
    onSuccess: async (result) => {
      const count = (state: string) => result.results.filter((row) => row.state === state).length;
      void message.success(
        t('deviceConfig.template.synced', {
          version: result.version,
          syncing: count('syncing'),
          queued: count('queued'),
        }),
      );
      await refresh();
      await queryClient.invalidateQueries({ queryKey: templateKey(answer.templateId!) });
    },
    onError,
  });

  if (answer.templateId === null) {
    const options = (templates.data?.list ?? [])
      .filter((item) => item.productId === answer.productId)
      .map((item) => ({ value: item.id, label: `${item.name} · v${item.latestVersion}` }));
    return (
      <Card size="small" title={t('deviceConfig.template.title')} data-testid="template-panel">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('deviceConfig.template.none')}</Typography.Text>
          {editable ? (
            <Space wrap>
              <Select
                style={{ width: 260 }}
                options={options}
                value={chosen}
                onChange={setChosen}
                placeholder={t('deviceConfig.template.bind')}
                data-testid="template-select"
              />
              <Button
                disabled={!chosen}
                loading={bind.isPending}
                onClick={() => chosen && bind.mutate(chosen)}
              >
                {t('deviceConfig.template.bind')}
              </Button>
              <Input
                style={{ width: 220 }}
                value={name}
                maxLength={50}
                placeholder={t('deviceConfig.template.name')}
                onChange={(event) => setName(event.target.value)}
                data-testid="template-name"
              />
              <Button
                disabled={!name.trim()}
                loading={create.isPending}
                onClick={() => create.mutate()}
                data-testid="template-create"
              >
                {t('deviceConfig.template.create')}
              </Button>
            </Space>
          ) : null}
        </Space>
      </Card>
    );
  }

  const info = template.data;
  return (
    <Card size="small" title={t('deviceConfig.template.title')} data-testid="template-panel">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('deviceConfig.template.boundTo', {
            name: info?.name ?? '…',
            version: answer.templateVersion ?? t('deviceConfig.template.neverSynced'),
          })}
        />
        {editable ? (
          <Space wrap>
            <Button
              loading={saveVersion.isPending}
              onClick={() => saveVersion.mutate()}
              data-testid="template-save-version"
            >
              {t('deviceConfig.template.saveVersion')}
            </Button>
            <Button
              type="primary"
              loading={sync.isPending}
              onClick={() => sync.mutate()}
              data-testid="template-sync"
            >
              {t('deviceConfig.template.sync')}
            </Button>
            <ConfirmButton
              type="default"
              size="middle"
              label={t('deviceConfig.template.unbind')}
              title={t('deviceConfig.template.unbind')}
              run={() => deviceConfigApi.unbindTemplate([deviceId])}
              successText={t('deviceConfig.template.unbound')}
              onDone={() => refresh()}
            />
          </Space>
        ) : null}
        {info ? (
          <>
            <ConsoleTable<TemplateInfoAnswer['versions'][number]>
              rowKey="version"
              title={() => t('deviceConfig.template.versions')}
              rows={[...info.versions].reverse()}
              emptyText={null}
              columns={[
                {
                  title: t('deviceConfig.template.version'),
                  dataIndex: 'version',
                  width: 140,
                  render: (version: number, row) => (
                    <Space size={4}>
                      <Tag color={version === info.latestVersion ? 'blue' : 'default'}>v{version}</Tag>
                      {row.restoredFrom ? (
                        <Typography.Text type="secondary">
                          {t('deviceConfig.template.restoredFrom', { version: row.restoredFrom })}
                        </Typography.Text>
                      ) : null}
                    </Space>
                  ),
                },
                timeColumn(t('deviceConfig.template.createdAt'), 'createdAt'),
                {
                  title: t('deviceConfig.template.changes'),
                  dataIndex: 'version',
                  key: 'changes',
                  render: (version: number) =>
                    version > 1 ? <VersionChanges templateId={info.id} version={version} /> : '—',
                },
                {
                  title: '',
                  key: 'rollback',
                  width: 160,
                  render: (_value: unknown, row) =>
                    editable && row.version !== info.latestVersion ? (
                      <Button size="small" onClick={() => rollback.mutate(row.version)}>
                        {t('deviceConfig.template.rollback')}
                      </Button>
                    ) : null,
                },
              ]}
            />
            <ConsoleTable<TemplateInfoAnswer['devices'][number]>
              title={() => t('deviceConfig.template.devices')}
              rows={info.devices}
              emptyText={null}
              columns={[
                {
                  title: t('deviceConfig.template.device'),
                  render: (_value: unknown, row) => `${row.name} · ${row.gatewaySn}`,
                },
                {
                  title: t('deviceConfig.template.version'),
                  dataIndex: 'templateVersion',
                  render: (version: number | null) => (version ? `v${version}` : '—'),
                },
                {
                  title: t('deviceConfig.copy.resultColumn'),
                  dataIndex: 'syncState',
                  render: (state: TemplateInfoAnswer['devices'][number]['syncState']) =>
                    state ? <Tag>{t(`deviceConfig.syncState.${state}`)}</Tag> : '—',
                },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
