/**
 * Inspection plans: name, schedule, devices and inspectors. Edit and delete as the policy allows
 * each plan (`inspection.editPlan`): its maker, or staff whose scope holds its devices; an inspector
 * who did not make a plan sees neither (the server would answer 2417).
 */
import { INSPECTION_FREQUENCY_NAMES, type InspectionPlanItem } from '@lyyp/contracts/maintenance';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { ConfirmButton } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { PlanDialog } from './PlanDialog.tsx';

export function PlanList() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const capabilities = useCapabilities();
  const mayCreate = capabilities.may('inspection.plan');
  const [editing, setEditing] = useState<InspectionPlanItem | 'new' | null>(null);
  const plans = useQuery({ queryKey: ['maintenance', 'plans'], queryFn: () => maintenanceApi.listPlans() });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {mayCreate ? (
        <Button type="primary" onClick={() => setEditing('new')} data-testid="new-plan">
          {t('maintenance.inspection.newPlan')}
        </Button>
      ) : null}
      <List
        loading={plans.isFetching}
        dataSource={plans.data ?? []}
        locale={{ emptyText: <Empty description={t('maintenance.inspection.emptyPlans')} /> }}
        grid={{ gutter: 12, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 4 }}
        renderItem={(plan) => (
          <List.Item>
            <Card
              size="small"
              title={plan.name}
              extra={
                <Tag>
                  {INSPECTION_FREQUENCY_NAMES[plan.schedule.frequency][locale === 'en-US' ? 'en' : 'zh']}
                </Tag>
              }
              data-testid="plan-card"
              actions={
                capabilities.onPlanRow('inspection.editPlan', plan)
                  ? [
                      <Button
                        key="edit"
                        type="link"
                        size="small"
                        onClick={() => setEditing(plan)}
                        data-testid="plan-edit"
                      >
                        {t('maintenance.inspection.editPlan')}
                      </Button>,
                      <ConfirmButton
                        key="delete"
                        label={t('maintenance.inspection.deletePlan')}
                        title={t('maintenance.inspection.deleteConfirm')}
                        okText={t('maintenance.inspection.deletePlan')}
                        run={() => maintenanceApi.deletePlan(plan.id)}
                        onDone={refresh}
                        describeError={describeFailure}
                      />,
                    ]
                  : []
              }
            >
              <Space orientation="vertical" size={2}>
                <Typography.Text type="secondary">
                  {t('maintenance.fields.devices')}: {plan.devices.map((device) => device.name).join('、')}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('maintenance.fields.items')}: {plan.items.map((item) => item.name).join('、')}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('maintenance.fields.inspectors')}:{' '}
                  {plan.inspectors.map((person) => person.name).join('、')}
                </Typography.Text>
              </Space>
            </Card>
          </List.Item>
        )}
      />
      {editing ? (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </Space>
  );
}
