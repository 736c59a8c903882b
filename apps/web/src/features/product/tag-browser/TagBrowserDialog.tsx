/**
 * The OPC UA tag browser: a developer picks one of the product's OPC UA drivers and a device whose
 * gateway browses the driver's server, expands the address space folder by folder (each expansion
 * is one browse through the gateway), ticks variable nodes and creates variables from them — the
 * NodeId as address, the server's data type and access level, names and keys the person may change.
 * Variables are created through the product's variable API one by one, so each refusal is shown
 * on its row and the others are kept. The gateway's certificate thumbprint is shown beside the
 * device, to be trusted on the server when the driver signs or encrypts.
 */
import { MAX_PAGE_SIZE } from '@lyyp/contracts';
import type { DATA_TYPE_DEFINITIONS } from '@lyyp/contracts/device-model';
import { type Driver } from '@lyyp/contracts/device-model';
import type { OpcUaBrowseTarget } from '@lyyp/contracts/opcua-browse';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Input, Modal, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { BrowsedNode } from '@lyyp/contracts/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { opcUaBrowseApi } from '../../../api/opcua-browse.api.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { useDescribeFailure } from '../../monitor/common/catalogue-text.ts';
import { useModelChanged } from '../use-product.ts';
import { GatewayThumbprint } from './GatewayThumbprint.tsx';
import { OpcUaNodeTree, dataTypeLabel, type NodePicking } from './OpcUaNodeTree.tsx';
import { addPicks, variablesOfPicks, type Pick } from './tag-tree.ts';

const STATUS_COLOR: Record<OpcUaBrowseTarget['status'], string> = {
  online: 'green',
  offline: 'default',
  dormant: 'orange',
  'power-off': 'red',
};

function browsable(target: OpcUaBrowseTarget): boolean {
  return target.status === 'online' && target.configCurrent;
}

export function TagBrowserDialog({
  productId,
  drivers,
  onClose,
}: {
  productId: string;
  /** The product's OPC UA drivers (at least one). */
  drivers: readonly Driver[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const modelChanged = useModelChanged(productId);
  const [driverKey, setDriverKey] = useState(drivers[0]?.key ?? '');
  const [chosenId, setChosenId] = useState<string | undefined>();
  const [picks, setPicks] = useState<Pick[]>([]);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);

  const targets = useQuery({
    queryKey: ['opcua-targets', productId, driverKey],
    queryFn: () => opcUaBrowseApi.listTargets(productId, driverKey),
    enabled: Boolean(driverKey),
  });
  const productKeys = useQuery({
    queryKey: ['variable-keys', productId],
    queryFn: async () =>
      new Set(
        (await catalogueApi.listVariables(productId, { page: 1, pageSize: MAX_PAGE_SIZE })).list.map(
          (variable) => variable.key,
        ),
      ),
  });
  const list = targets.data?.list ?? [];
  // The first device that can browse is the one used until the person chooses another.
  const equipmentId = chosenId ?? list.find(browsable)?.equipmentId;
  const target = list.find((item) => item.equipmentId === equipmentId);
  const dataTypeText = (id: keyof typeof DATA_TYPE_DEFINITIONS) => dataTypeLabel(id, locale);

  const picking = useMemo<NodePicking>(
    () => ({
      picked: new Set(picks.map((pick) => pick.node.nodeId)),
      onToggle: (node: BrowsedNode, checked: boolean) =>
        setPicks((current) =>
          checked
            ? addPicks(current, [node], productKeys.data ?? new Set())
            : current.filter((pick) => pick.node.nodeId !== node.nodeId),
        ),
    }),
    [picks, productKeys.data],
  );

  const update = (nodeId: string, change: Partial<Pick>) =>
    setPicks((current) =>
      current.map((pick) => (pick.node.nodeId === nodeId ? { ...pick, ...change } : pick)),
    );

  const create = async () => {
    setCreating(true);
    const failed: Record<string, string> = {};
    const variables = variablesOfPicks(picks, driverKey);
    let created = 0;
    let lastChange: Awaited<ReturnType<typeof catalogueApi.addVariable>> | null = null;
    for (const [index, variable] of variables.entries()) {
      try {
        lastChange = await catalogueApi.addVariable(productId, variable);
        created += 1;
      } catch (error) {
        failed[picks[index]!.node.nodeId] = describeFailure(error);
      }
    }
    setCreating(false);
    setFailures(failed);
    setPicks((current) => current.filter((pick) => failed[pick.node.nodeId] !== undefined));
    if (lastChange) await modelChanged(lastChange);
    void productKeys.refetch();
    if (created > 0) void message.success(t('tagBrowser.created', { count: created }));
    if (Object.keys(failed).length === 0) onClose();
  };

  const failedCount = picks.filter((pick) => failures[pick.node.nodeId] !== undefined).length;

  return (
    <Modal
      open
      width={1100}
      title={t('tagBrowser.title')}
      onCancel={onClose}
      data-testid="tag-browser"
      footer={
        <Space>
          <Button onClick={onClose}>{t('tagBrowser.cancel')}</Button>
          <Button
            type="primary"
            data-testid="tag-browser-create"
            disabled={picks.length === 0}
            loading={creating}
            onClick={() => void create()}
          >
            {t('tagBrowser.create', { count: picks.length })}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {drivers.length > 1 ? (
          <Select
            style={{ width: 220 }}
            value={driverKey}
            aria-label={t('tagBrowser.driver')}
            onChange={(key: string) => {
              setDriverKey(key);
              setChosenId(undefined);
              setPicks([]);
            }}
            options={drivers.map((driver) => ({ value: driver.key, label: driver.name }))}
          />
        ) : null}
        <Select
          style={{ width: 360 }}
          data-testid="tag-browser-device"
          aria-label={t('tagBrowser.device')}
          placeholder={t('tagBrowser.devicePlaceholder')}
          loading={targets.isFetching}
          value={equipmentId}
          onChange={(id: string) => setChosenId(id)}
          options={list.map((item) => ({
            value: item.equipmentId,
            disabled: !browsable(item),
            label: (
              <Space size={4}>
                <span>
                  {item.name} · {item.sn}
                </span>
                <Tag color={STATUS_COLOR[item.status]}>{t(`tagBrowser.status.${item.status}`)}</Tag>
                {item.status === 'online' && !item.configCurrent ? (
                  <Tag>{t('tagBrowser.syncing')}</Tag>
                ) : null}
              </Space>
            ),
          }))}
        />
      </Space>
      {targets.error ? <Alert type="error" showIcon title={describeFailure(targets.error)} /> : null}
      {targets.data && list.length === 0 ? (
        <Alert type="info" showIcon title={t('tagBrowser.noDevices')} />
      ) : null}
      {target ? <GatewayThumbprint thumbprint={target.opcuaThumbprint} /> : null}
      <Row gutter={16}>
        <Col span={10}>
          <Typography.Title level={5}>{t('tagBrowser.tree')}</Typography.Title>
          <OpcUaNodeTree
            equipmentId={equipmentId}
            driverKey={driverKey}
            enabled={target !== undefined && browsable(target)}
            picking={picking}
          />
        </Col>
        <Col span={14}>
          <Typography.Title level={5}>{t('tagBrowser.picked', { count: picks.length })}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('tagBrowser.pickHint')}</Typography.Paragraph>
          {failedCount > 0 ? (
            <Alert type="error" showIcon title={t('tagBrowser.partlyFailed', { count: failedCount })} />
          ) : null}
          <Table<Pick>
            rowKey={(pick) => pick.node.nodeId}
            size="small"
            data-testid="tag-browser-picks"
            dataSource={picks}
            pagination={false}
            locale={{ emptyText: t('tagBrowser.noPicks') }}
            columns={[
              {
                title: t('tagBrowser.columns.name'),
                key: 'name',
                render: (_, pick) => (
                  <>
                    <Input
                      size="small"
                      aria-label={t('tagBrowser.columns.name')}
                      value={pick.name}
                      onChange={(event) => update(pick.node.nodeId, { name: event.target.value })}
                    />
                    <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                      {pick.node.nodeId}
                    </Typography.Text>
                  </>
                ),
              },
              {
                title: t('tagBrowser.columns.key'),
                key: 'key',
                render: (_, pick) => (
                  <>
                    <Input
                      size="small"
                      aria-label={t('tagBrowser.columns.key')}
                      value={pick.key}
                      onChange={(event) => update(pick.node.nodeId, { key: event.target.value })}
                    />
                    {failures[pick.node.nodeId] ? (
                      <Typography.Text type="danger" data-testid="tag-browser-row-failure">
                        {failures[pick.node.nodeId]}
                      </Typography.Text>
                    ) : null}
                  </>
                ),
              },
              {
                title: t('tagBrowser.columns.dataType'),
                key: 'dataType',
                width: 100,
                render: (_, pick) => (pick.node.dataType ? dataTypeText(pick.node.dataType) : '—'),
              },
              {
                title: t('tagBrowser.columns.access'),
                key: 'access',
                width: 80,
                render: (_, pick) => t(`monitor.readWrite.${pick.node.access ?? 'read-only'}`),
              },
              {
                key: 'remove',
                width: 60,
                render: (_, pick) => (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setPicks((current) => current.filter((item) => item !== pick))}
                  >
                    {t('tagBrowser.remove')}
                  </Button>
                ),
              },
            ]}
          />
        </Col>
      </Row>
    </Modal>
  );
}
