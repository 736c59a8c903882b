/**
 * A device's management wizard (§2: basic info, gateway and driver, variables, history reports,
 * alarms, configuration pages, scripts). The basic info and the drivers' addresses are the device's
 * own and edited here; the other steps show what the device runs from its product. Each step says
 * in a line what it holds (how many, whether the device differs from its product), any step can be
 * opened directly, and the open step is kept in the address (`?step=`).
 */
import { Button, Space, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GatewayStatusTag } from '../gateway/status-tags.tsx';
import { DeviceInfoTab } from '../monitor/DeviceInfoTab.tsx';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import DeviceConfigTab from './DeviceConfigTab.tsx';
import {
  useDeviceConfig,
  useDevicePages,
  useDeviceReports,
  useDeviceRules,
  useDeviceScripts,
} from './use-wizard-data.ts';
import { AlarmsStep, PagesStep, ReportsStep, ScriptsStep, VariablesStep } from './WizardStepScreens.tsx';
import { WIZARD_STEPS, neighbourSteps, readWizardStep, type WizardStep } from './wizard-steps.ts';

function DriverStep(props: DeviceTabProps) {
  const { t } = useTranslation();
  const { device, live } = props;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap data-testid="wizard-gateway">
        <Typography.Text strong>{t('deviceConfig.wizard.gateway')}</Typography.Text>
        <Typography.Text copyable>{device.gatewaySn}</Typography.Text>
        <GatewayStatusTag status={live.gateway?.status ?? device.gateway.status} />
        {device.gateway.hardwareModel ? (
          <Typography.Text type="secondary">{device.gateway.hardwareModel}</Typography.Text>
        ) : null}
        {device.gateway.firmware ? (
          <Typography.Text type="secondary">{device.gateway.firmware}</Typography.Text>
        ) : null}
      </Space>
      <DeviceConfigTab {...props} />
    </Space>
  );
}

const STEP_SCREENS: Readonly<Record<WizardStep, (props: DeviceTabProps) => ReactNode>> = {
  basic: (props) => <DeviceInfoTab {...props} />,
  driver: (props) => <DriverStep {...props} />,
  variables: (props) => <VariablesStep {...props} />,
  reports: (props) => <ReportsStep {...props} />,
  alarms: (props) => <AlarmsStep {...props} />,
  pages: (props) => <PagesStep {...props} />,
  scripts: (props) => <ScriptsStep {...props} />,
};

/** The line under each step's title: what it holds, once known. */
function useStepSummaries({ device, variables }: DeviceTabProps): Record<WizardStep, string | undefined> {
  const { t } = useTranslation();
  const config = useDeviceConfig(device.id);
  const reports = useDeviceReports(device.id);
  const rules = useDeviceRules(device.id);
  const pages = useDevicePages(device.id);
  const scripts = useDeviceScripts(device.id);
  const count = (key: string, list: readonly unknown[] | undefined) =>
    list ? t(`deviceConfig.wizard.count.${key}`, { count: list.length }) : undefined;
  return {
    basic: device.name,
    driver: config.data
      ? config.data.customised
        ? t('deviceConfig.customised')
        : t('deviceConfig.sameAsProduct')
      : undefined,
    variables: count('variables', variables),
    reports: count('reports', reports.data),
    alarms: count('alarms', rules.data?.rules),
    pages: count('pages', pages.data),
    scripts: count('scripts', scripts.data?.list),
  };
}

export default function DeviceWizard(props: DeviceTabProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const step = readWizardStep(search.get('step'));
  const { previous, next } = neighbourSteps(step);
  const summaries = useStepSummaries(props);
  const go = (target: WizardStep) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('step', target);
        return params;
      },
      { replace: true },
    );

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Steps
        size="small"
        titlePlacement="vertical"
        current={WIZARD_STEPS.indexOf(step)}
        onChange={(index) => go(WIZARD_STEPS[index] ?? 'basic')}
        data-testid="wizard-steps"
        items={WIZARD_STEPS.map((key) => ({
          title: t(`deviceConfig.wizard.steps.${key}`),
          description: summaries[key],
          status: key === step ? 'process' : 'wait',
        }))}
      />
      <div data-testid={`wizard-step-${step}`}>{STEP_SCREENS[step](props)}</div>
      <Space>
        <Button disabled={!previous} onClick={() => previous && go(previous)} data-testid="wizard-previous">
          {t('deviceConfig.wizard.previous')}
        </Button>
        <Button type="primary" disabled={!next} onClick={() => next && go(next)} data-testid="wizard-next">
          {t('deviceConfig.wizard.next')}
        </Button>
      </Space>
    </Space>
  );
}
