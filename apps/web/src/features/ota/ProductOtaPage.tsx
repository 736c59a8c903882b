/**
 * OTA updates of a product (§2 /manage/product/ota/:id): its upgrade tasks with counts by state,
 * a new task, and per task each gateway's progress (waiting, downloading with percent, verifying,
 * applying, succeeded, failed with the reason) with retry and cancel. States come derived from
 * the platform, which looks at the versions gateways report; the screen refreshes while a task runs.
 * New task, retry and cancel show only when the policy allows managing this product's upgrades.
 */
import { UPGRADE_MIN_SIGNAL } from '@lyyp/contracts/gateway';
import type { OtaStepState, OtaTaskState } from '@lyyp/contracts/ota';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { otaApi, type OtaStep, type OtaTask, type OtaTaskDetail } from '../../api/ota.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  actionColumn,
  ConsoleTable,
  DetailDrawer,
  PagedTable,
  timeColumn,
  useConfirmAction,
  useAction,
  usePagedQuery,
} from '../../blocks/index.ts';
import { useDescribeFirmwareFailure } from '../firmware/firmware-text.ts';
import { useRefreshWhile } from '../monitor/common/use-refresh-while.ts';
import { useProduct } from '../product/use-product.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { OtaTaskDialog } from './OtaTaskDialog.tsx';
import { STEP_STATE_COLORS, TASK_STATE_COLORS, describeStepFailure } from './ota-text.ts';

/** While something moves, the lists are read again this often. */
const REFRESH_MS = 3000;

const isOpen = (state: OtaTaskState) => state === 'running' || state === 'paused';

export default function ProductOtaPage() {
  const { id: productId = '' } = useParams();
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const describeFailure = useDescribeFirmwareFailure();
  const queryClient = useQueryClient();
  const product = useProduct(productId);
  const mayManage = useProductAbilities(productId)('ota.manage');
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const tasks = usePagedQuery<OtaTask>({
    queryKey: ['ota-tasks', productId],
    fetch: (paging) => otaApi.list({ productId, ...paging }),
  });
  useRefreshWhile(
    tasks.refetch,
    tasks.rows.some((task) => isOpen(task.state)),
    tasks.query.dataUpdatedAt,
    REFRESH_MS,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ota-tasks', productId] });
  const acted = (task: OtaTaskDetail) => {
    queryClient.setQueryData(['ota-task', task.id], task);
    return refresh();
  };
  const retry = useAction({
    run: ({ id, sn }: { id: string; sn?: string }) => otaApi.retry(id, sn),
    successText: t('firmware.ota.retried'),
    onDone: acted,
    describeError: describeFailure,
  });
  const confirmCancel = (id: string, sn?: string) =>
    confirm({
      title: t('firmware.ota.cancelConfirm'),
      okText: sn ? t('firmware.ota.cancelOne') : t('firmware.ota.cancel'),
      run: () => otaApi.cancel(id, sn),
      successText: t('firmware.ota.cancelled'),
      onDone: acted,
      describeError: describeFailure,
    });

  return (
    <Card
      variant="borderless"
      title={t('firmware.ota.title', { product: product.data?.title ?? '…' })}
      extra={
        <Space>
          <Link to="/manage/product/list">{t('firmware.ota.back')}</Link>
          <Button onClick={() => void refresh()}>{t('firmware.ota.refresh')}</Button>
          {mayManage ? (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="ota-add">
              {t('firmware.ota.add')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('firmware.ota.rule', { min: UPGRADE_MIN_SIGNAL })}
      />
      <PagedTable<OtaTask>
        paged={tasks}
        testId="ota-tasks"
        loading={false}
        describeError={describeFailure}
        emptyText={t('firmware.ota.empty')}
        columns={[
          {
            title: t('firmware.ota.fields.firmware'),
            key: 'firmware',
            render: (_value, task) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>
                  {task.firmware.name} · {task.firmware.version}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t(`firmware.kinds.${task.firmware.kind}`)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('firmware.ota.fields.target'),
            key: 'target',
            render: (_value, task) =>
              task.target === 'version'
                ? t('firmware.ota.targetVersion', { version: task.fromVersion ?? '' })
                : t(`firmware.ota.targets.${task.target}`),
          },
          {
            title: t('firmware.ota.fields.state'),
            dataIndex: 'state',
            render: (state: OtaTaskState) => (
              <Tag color={TASK_STATE_COLORS[state]} data-testid="ota-task-state">
                {t(`firmware.ota.taskStates.${state}`)}
              </Tag>
            ),
          },
          {
            title: t('firmware.ota.fields.progress'),
            key: 'counts',
            render: (_value, task) => (
              <Space orientation="vertical" size={0} style={{ minWidth: 220 }}>
                <Progress
                  size="small"
                  percent={
                    task.counts.total ? Math.round((task.counts.succeeded * 100) / task.counts.total) : 0
                  }
                  status={task.counts.failed > 0 ? 'exception' : undefined}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('firmware.ota.counts', task.counts)}
                </Typography.Text>
              </Space>
            ),
          },
          timeColumn(t('firmware.ota.fields.createdAt'), 'createdAt'),
          actionColumn(
            t('firmware.ota.fields.actions'),
            (task) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setShown(task.id)} data-testid="ota-show">
                  {t('firmware.ota.detail')}
                </Button>
                {mayManage && task.state !== 'cancelled' && task.counts.failed > 0 ? (
                  <Button type="link" size="small" onClick={() => retry.mutate({ id: task.id })}>
                    {t('firmware.ota.retry')}
                  </Button>
                ) : null}
                {mayManage && isOpen(task.state) ? (
                  <Button type="link" size="small" danger onClick={() => confirmCancel(task.id)}>
                    {t('firmware.ota.cancel')}
                  </Button>
                ) : null}
              </Space>
            ),
            200,
          ),
        ]}
      />
      <OtaTaskDialog
        productId={productId}
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(task) => {
          setAdding(false);
          queryClient.setQueryData(['ota-task', task.id], task);
          void refresh();
          setShown(task.id);
        }}
      />
      <TaskDrawer
        taskId={shown}
        onClose={() => setShown(null)}
        mayManage={mayManage}
        onRetry={(id, sn) => retry.mutate({ id, sn })}
        onCancel={(id, sn) => confirmCancel(id, sn)}
      />
    </Card>
  );
}

function TaskDrawer({
  taskId,
  onClose,
  mayManage,
  onRetry,
  onCancel,
}: {
  taskId: string | null;
  onClose: () => void;
  /** The policy allows retrying and cancelling this product's upgrades. */
  mayManage: boolean;
  onRetry: (id: string, sn: string) => void;
  onCancel: (id: string, sn: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFirmwareFailure();
  const task = useQuery({
    queryKey: ['ota-task', taskId],
    queryFn: () => otaApi.info(taskId ?? ''),
    enabled: Boolean(taskId),
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data.state) ? REFRESH_MS : false),
  });
  const detail: OtaTaskDetail | undefined = task.data;
  return (
    <DetailDrawer
      open={Boolean(taskId)}
      onClose={onClose}
      size={Math.min(1100, typeof window === 'undefined' ? 1100 : window.innerWidth - 40)}
      title={detail ? `${detail.firmware.name} · ${detail.firmware.version}` : t('firmware.ota.detail')}
      error={task.error}
      describeError={describeFailure}
    >
      {detail ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={TASK_STATE_COLORS[detail.state]}>{t(`firmware.ota.taskStates.${detail.state}`)}</Tag>
            <Typography.Text type="secondary">{t('firmware.ota.counts', detail.counts)}</Typography.Text>
          </Space>
          <ConsoleTable<OtaStep>
            rowKey="sn"
            testId="ota-steps"
            rows={detail.steps}
            emptyText={null}
            columns={[
              { title: t('firmware.ota.fields.sn'), dataIndex: 'sn' },
              { title: t('firmware.ota.fields.device'), dataIndex: 'deviceName' },
              {
                title: t('firmware.ota.fields.batch'),
                dataIndex: 'batch',
                render: (batch: number) => t('firmware.ota.batchOf', { batch }),
              },
              {
                title: t('firmware.ota.fields.state'),
                key: 'state',
                render: (_value, step) => <StepState step={step} />,
              },
              {
                title: t('firmware.ota.fields.reason'),
                key: 'reason',
                render: (_value, step) => {
                  const reason = describeStepFailure(step, locale);
                  return reason ? (
                    <Typography.Text type="danger" data-testid="ota-step-reason">
                      {reason}
                    </Typography.Text>
                  ) : (
                    '—'
                  );
                },
              },
              {
                title: t('firmware.ota.fields.versions'),
                key: 'versions',
                render: (_value, step) =>
                  t('firmware.ota.versionChange', {
                    from: step.fromVersion ?? t('firmware.ota.noVersion'),
                    to: step.currentVersion ?? t('firmware.ota.noVersion'),
                  }),
              },
              {
                title: t('firmware.ota.fields.gatewayStatus'),
                key: 'gateway',
                render: (_value, step) =>
                  `${t(`monitor.gatewayStatus.${step.gatewayStatus}`, { defaultValue: step.gatewayStatus })}${
                    step.signal === null ? '' : ` · ${step.signal}%`
                  }`,
              },
              {
                title: t('firmware.ota.fields.actions'),
                key: 'actions',
                render: (_value, step) => (
                  <Space size={0}>
                    {mayManage && step.state === 'failed' && detail.state !== 'cancelled' ? (
                      <Button type="link" size="small" onClick={() => onRetry(detail.id, step.sn)}>
                        {t('firmware.ota.retryOne')}
                      </Button>
                    ) : null}
                    {mayManage &&
                    (['waiting', 'downloading', 'verifying'] as OtaStepState[]).includes(step.state) &&
                    detail.state !== 'cancelled' ? (
                      <Button type="link" size="small" danger onClick={() => onCancel(detail.id, step.sn)}>
                        {t('firmware.ota.cancelOne')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      ) : null}
    </DetailDrawer>
  );
}

function StepState({ step }: { step: OtaStep }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 140 }}>
      <Tag color={STEP_STATE_COLORS[step.state]} data-testid="ota-step-state">
        {t(`firmware.ota.stepStates.${step.state}`)}
      </Tag>
      {step.state === 'downloading' ? <Progress size="small" percent={step.percent ?? 0} /> : null}
    </Space>
  );
}
