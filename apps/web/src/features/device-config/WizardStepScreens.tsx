/**
 * The screens of a device's management wizard after the device's own steps: the variables, history
 * reports, alarm rules, configuration pages and scripts the device runs. They come from its
 * product and apply to every device of it, so each screen says so and, for those who may edit the
 * product, links to the product tab where they are set. The variables show the driver address each
 * one is read through on this device, marked where it differs from the product.
 */
import { EditOutlined, HomeOutlined, LockOutlined } from '@ant-design/icons';
import type { AlarmRule } from '@lyyp/contracts/alarm';
import type { DeviceReport } from '@lyyp/contracts/report';
import type { Variable } from '@lyyp/contracts/device-model';
import { Alert, Button, Space, Table, Tag, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PageSummary } from '../../api/designer.api.ts';
import type { ProductAbilityAction } from '../../api/policy.api.ts';
import { channelName } from '../alarm/alarm-text.ts';
import { useRuleColumns } from '../alarm/rule-columns.tsx';
import { formatDuration } from '../../app/format-value.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { DeviceScriptStatus } from '../monitor/DeviceScriptStatus.tsx';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { useVariableColumns } from '../product/variable-columns.tsx';
import { devicePagePath } from '../runtime/home-page.ts';
import { describeDriverAddress } from './config-draft.ts';
import { useDeviceConfig, useDevicePages, useDeviceReports, useDeviceRules } from './use-wizard-data.ts';
import { productTabPath, type WizardStep } from './wizard-steps.ts';

/** The product action that changes what each step shows, as the product's tab asks the policy. */
const EDIT_ACTION_OF_STEP: Readonly<Record<Exclude<WizardStep, 'basic'>, ProductAbilityAction>> = {
  driver: 'product.edit',
  variables: 'product.edit',
  reports: 'report.definitionEdit',
  alarms: 'alarmRule.edit',
  pages: 'page.design',
  scripts: 'edgeLogic.edit',
};

/**
 * Says that a step's settings are the product's, with a link to where they are set when the policy
 * allows changing them on this product.
 */
function FromProduct({ device, step }: { device: DeviceTabProps['device']; step: WizardStep }) {
  const { t } = useTranslation();
  const allows = useProductAbilities(device.product.id);
  const canEditProduct = step !== 'basic' && allows(EDIT_ACTION_OF_STEP[step]);
  const path = productTabPath(device.product.id, step);
  return (
    <Alert
      type="info"
      showIcon
      data-testid="wizard-from-product"
      title={t(`deviceConfig.wizard.fromProduct.${step}`, { product: device.product.title })}
      action={
        canEditProduct && path ? (
          <Link to={path} data-testid="wizard-edit-product">
            <Button size="small" icon={<EditOutlined />}>
              {t('deviceConfig.wizard.editInProduct')}
            </Button>
          </Link>
        ) : null
      }
    />
  );
}

function StepFrame({
  device,
  step,
  error,
  children,
}: {
  device: DeviceTabProps['device'];
  step: WizardStep;
  error?: unknown;
  children: ReactNode;
}) {
  const describeFailure = useDescribeFailure();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FromProduct device={device} step={step} />
      {error ? <Alert type="error" showIcon title={describeFailure(error)} /> : children}
    </Space>
  );
}

/** The steps that list what the product holds. */
type TableStep = Extract<WizardStep, 'variables' | 'reports' | 'alarms' | 'pages'>;

/** The read-only table of a step: small, unpaged unless asked, with the step's own empty text. */
function StepTable<T extends object>({
  step,
  rows,
  ...props
}: Omit<TableProps<T>, 'dataSource'> & { step: TableStep; rows: readonly T[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Table<T>
      size="small"
      pagination={false}
      data-testid={`wizard-${step}`}
      locale={{ emptyText: t(`deviceConfig.wizard.empty.${step}`) }}
      dataSource={rows ? [...rows] : []}
      {...props}
    />
  );
}

export function VariablesStep({ device, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const config = useDeviceConfig(device.id);
  const driverCell = (key: string | undefined) => {
    const driver = config.data?.drivers.find((item) => item.key === key);
    if (!driver) return key ?? '—';
    const address = describeDriverAddress(driver);
    return (
      <Space size={4} wrap>
        {driver.name}
        <Typography.Text type="secondary">{address.text}</Typography.Text>
        {address.differs ? <Tag color="warning">{t('deviceConfig.differs')}</Tag> : null}
      </Space>
    );
  };
  const columns = useVariableColumns(driverCell);
  const list = variables.flatMap((variable) => (variable.definition ? [variable.definition] : []));
  return (
    <StepFrame device={device} step="variables">
      <StepTable<Variable>
        step="variables"
        rowKey="key"
        rows={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </StepFrame>
  );
}

export function ReportsStep({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const reports = useDeviceReports(device.id);
  return (
    <StepFrame device={device} step="reports" error={reports.error}>
      <StepTable<DeviceReport>
        step="reports"
        rowKey="id"
        loading={reports.isPending}
        rows={reports.data}
        columns={[
          { title: t('report.fields.name'), dataIndex: 'name', width: 180 },
          {
            title: t('report.fields.type'),
            dataIndex: 'type',
            width: 120,
            render: (type: DeviceReport['type']) => t(`report.types.${type}`),
          },
          {
            title: t('deviceConfig.wizard.interval'),
            dataIndex: 'intervalMinutes',
            width: 120,
            render: (minutes: number) => formatDuration(minutes * 60, locale),
          },
          {
            title: t('report.fields.variables'),
            dataIndex: 'columns',
            render: (columns: DeviceReport['columns']) =>
              columns.map((column) => (
                <Tag key={column.key}>
                  {column.name} · {t(`report.aggregations.${column.aggregation}`)}
                </Tag>
              )),
          },
        ]}
      />
    </StepFrame>
  );
}

export function AlarmsStep({ device, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useDeviceRules(device.id);
  const groups = rules.data?.groups ?? [];
  const columns = useRuleColumns({
    variableName: (key) => variables.find((variable) => variable.key === key)?.name ?? key,
    groupName: (id) => groups.find((group) => group.id === id)?.name ?? id,
  });
  const statusAlarms = rules.data?.statusAlarms;
  return (
    <StepFrame device={device} step="alarms" error={rules.error}>
      <StepTable<AlarmRule>
        step="alarms"
        rowKey="id"
        loading={rules.isPending}
        rows={rules.data?.rules}
        columns={columns}
        scroll={{ x: 900 }}
      />
      {statusAlarms ? (
        <Space wrap data-testid="wizard-status-alarms">
          {(['offline', 'power-off'] as const).map((type) => {
            const settings = statusAlarms[type];
            return (
              <Tag key={type} color={settings.enabled ? 'processing' : 'default'}>
                {settings.enabled
                  ? t(`deviceConfig.wizard.statusAlarm.${type}`, {
                      delay: formatDuration(settings.delaySeconds, locale),
                      channels: settings.pushMethods.map((code) => channelName(code, locale)).join(' / '),
                    })
                  : t(`deviceConfig.wizard.statusAlarmOff.${type}`)}
              </Tag>
            );
          })}
        </Space>
      ) : null}
    </StepFrame>
  );
}

export function PagesStep({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useDevicePages(device.id);
  return (
    <StepFrame device={device} step="pages" error={pages.error}>
      <StepTable<PageSummary>
        step="pages"
        rowKey="id"
        loading={pages.isPending}
        rows={pages.data}
        columns={[
          {
            title: t('designer.pages.name'),
            dataIndex: 'title',
            render: (title: string, page) => (
              <Space size={6}>
                {title}
                {page.isStart ? (
                  <Tag icon={<HomeOutlined />} color="blue">
                    {t('designer.pages.start')}
                  </Tag>
                ) : null}
                {page.checkpwd ? <LockOutlined style={{ color: '#8c8c8c' }} /> : null}
              </Space>
            ),
          },
          {
            title: t('designer.pages.kind'),
            dataIndex: 'kind',
            width: 120,
            render: (kind: PageSummary['kind']) => t(`designer.pages.kinds.${kind}`),
          },
          {
            title: t('monitor.common.actions'),
            key: 'open',
            width: 120,
            render: (_value, page) =>
              page.kind === 'main' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(devicePagePath(device.id, page.id))}
                >
                  {t('deviceConfig.wizard.openPage')}
                </Button>
              ) : null,
          },
        ]}
      />
    </StepFrame>
  );
}

export function ScriptsStep({ device }: DeviceTabProps) {
  return (
    <StepFrame device={device} step="scripts">
      <DeviceScriptStatus deviceId={device.id} />
    </StepFrame>
  );
}
