/** Picks one of the product's history reports, for widgets that read a report's rows (`report` properties). */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PropertyEditorProps } from './BasicEditors.tsx';
import { useDesignerData } from './designer-data.ts';

export function ReportPicker({ descriptor, value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const { reports } = useDesignerData();
  const current = typeof value === 'string' ? value : '';
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      allowClear
      data-property={descriptor.key}
      placeholder={reports.length === 0 ? t('widgetData.panel.noReports') : t('report.device.report')}
      value={current || undefined}
      options={reports.map((report) => ({ value: report.id, label: report.name }))}
      onChange={(next: string | undefined) => onChange(next ?? '')}
    />
  );
}
