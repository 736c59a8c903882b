/**
 * History data: a time range (today, yesterday, this week, last week or custom; start before end,
 * at most 30 days, not before 1970), the variables to show, one row per second newest first in
 * pages of 10, and the same range exported as CSV or XLSX.
 */
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import { Alert, Button, DatePicker, Dropdown, Segmented, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetFormat } from '../../api/catalogue.types.ts';
import { historyApi, type HistoryPage, type HistoryRange, type HistoryRow } from '../../api/history.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { PagedTable, useAction, usePagedQuery } from '../../blocks/index.ts';
import { describeViolation } from './common/catalogue-text.ts';
import { TIME_FORMAT, formatInstant, formatTime } from './common/format-time.ts';
import { saveFile } from './common/save-file.ts';
import { useCapabilities } from './common/use-device-abilities.ts';
import { ClearRecordsButton } from '../gateway-ops/ClearRecordsButton.tsx';
import { DataGapNotice } from './DataGapNotice.tsx';
import type { DeviceTabProps } from './device-tab-props.ts';
import {
  RANGE_SHORTCUTS,
  checkTimeRange,
  isSelectableDay,
  rangeOfShortcut,
  type RangeShortcut,
} from './history-range.ts';
import { formatBareValue, labelWithUnit } from './value-format.ts';

/** Columns shown before the person chooses: enough to read, few enough to fit. */
const DEFAULT_COLUMNS = 6;

export function HistoryDataTab({ device, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  // Exporting is for everyone whose codes allow `history.export` on the devices they see.
  const canExport = useCapabilities().may('history.export');
  const [shortcut, setShortcut] = useState<RangeShortcut>('today');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  /** "Now" for the shortcuts: set when the tab opens and by every search, so the query stays put meanwhile. */
  const [searchedAt, setSearchedAt] = useState(() => dayjs());
  const keys = chosen ?? variables.slice(0, DEFAULT_COLUMNS).map((variable) => variable.key);

  const range =
    shortcut === 'custom'
      ? custom && { start: custom[0].valueOf(), end: custom[1].valueOf() }
      : rangeOfShortcut(shortcut, searchedAt);
  const violation = range ? checkTimeRange(range) : null;
  const request: HistoryRange | null =
    range && !violation && keys.length > 0 ? { equipmentId: device.id, keys, ...range } : null;

  const history = usePagedQuery<HistoryRow, HistoryPage>({
    queryKey: ['history', request],
    fetch: ({ page, pageSize }) => historyApi.queryHistory(request!, page, pageSize),
    pageSize: DEFAULT_PAGE_SIZE,
    enabled: request !== null,
  });
  const exportFile = useAction({
    run: (format: SheetFormat) =>
      historyApi.exportHistory(request!, format, Intl.DateTimeFormat().resolvedOptions().timeZone),
    onDone: saveFile,
  });

  const search = () => {
    setSearchedAt(dayjs());
    history.setPage(1);
    // A custom range does not move with the clock: search means read it again.
    if (shortcut === 'custom') void history.refetch();
  };
  const byKey = new Map(variables.map((variable) => [variable.key, variable]));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="start">
        <Segmented<RangeShortcut>
          value={shortcut}
          onChange={(value) => {
            setShortcut(value);
            setSearchedAt(dayjs());
          }}
          options={RANGE_SHORTCUTS.map((value) => ({
            value,
            label: t(`monitor.history.shortcuts.${value}`),
          }))}
        />
        {shortcut === 'custom' ? (
          <DatePicker.RangePicker
            showTime
            format={TIME_FORMAT}
            value={custom}
            disabledDate={(day) => !isSelectableDay(day, dayjs())}
            onChange={(picked) => setCustom(picked?.[0] && picked[1] ? [picked[0], picked[1]] : null)}
          />
        ) : null}
        <Select
          mode="multiple"
          maxTagCount="responsive"
          style={{ minWidth: 260, maxWidth: 480 }}
          placeholder={t('monitor.history.variables')}
          value={keys}
          onChange={(value: string[]) => setChosen(value)}
          options={variables.map((variable) => ({ value: variable.key, label: variable.name }))}
        />
        <Button type="primary" icon={<SearchOutlined />} disabled={!request} onClick={search}>
          {t('monitor.common.search')}
        </Button>
        {canExport ? (
          <Dropdown
            disabled={!request}
            menu={{
              items: [
                { key: 'csv', label: t('monitor.common.exportCsv') },
                { key: 'xlsx', label: t('monitor.common.exportXlsx') },
              ],
              onClick: ({ key }) => exportFile.mutate(key as SheetFormat),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exportFile.isPending}>
              {t('monitor.history.export')}
            </Button>
          </Dropdown>
        ) : null}
        <ClearRecordsButton deviceId={device.id} onCleared={() => void history.refetch()} />
      </Space>
      {violation ? (
        <Alert type="error" showIcon role="alert" title={describeViolation(violation, locale)} />
      ) : null}
      {request ? (
        <Typography.Text type="secondary">
          {t('monitor.history.rangeText', { start: formatTime(request.start), end: formatTime(request.end) })}
        </Typography.Text>
      ) : null}
      <DataGapNotice
        gaps={request ? history.query.data?.gaps : undefined}
        nameOf={(key) => byKey.get(key)?.name ?? key}
      />
      <PagedTable<HistoryRow>
        paged={history}
        rowKey="ts"
        testId="history-table"
        emptyText={request ? t('monitor.history.empty') : t('monitor.history.pickRange')}
        showSizeChanger={false}
        columns={[
          {
            title: t('monitor.fields.time'),
            dataIndex: 'ts',
            fixed: 'left',
            render: (ts: number) => formatInstant(ts),
          },
          ...keys.map((key) => {
            const variable = byKey.get(key);
            return {
              title: labelWithUnit(variable?.name ?? key, variable?.definition?.unit),
              key,
              render: (_: unknown, row: HistoryRow) => formatBareValue(variable?.definition, row.values[key]),
            };
          }),
        ]}
      />
    </Space>
  );
}
