/** English texts of the history report table and alarm records widgets; the type makes every Chinese key required here. */
import type { widgetDataZhCN } from './zh-CN.ts';
import type { Texts } from '../texts.ts';

export const widgetDataEnUS: Texts<typeof widgetDataZhCN> = {
  history: {
    time: 'Time',
    sampleColumn: 'Report value {{index}}',
    chooseSignals: 'Choose the signals in the properties',
    chooseReport: 'Choose the report in the properties',
    noDevice: "The device's data shows when the page runs",
    empty: 'No data in this period',
    export: 'Export',
    exportCsv: 'Export CSV',
    exportXlsx: 'Export Excel',
    range: 'Period',
    reportGone: 'The report no longer exists',
    preview: 'Sample data',
  },
  alarm: {
    device: 'Device',
    state: 'State',
    allStates: 'All states',
    preview: 'Sample records',
    previewName: 'Water temperature high',
    previewMessage: 'Water temperature 92.5 ℃ above 90 ℃',
    previewDevice: 'Boiler 1',
    noDevice: "The device's alarm records show when the page runs",
    empty: 'No alarm records',
    acknowledge: 'Acknowledge',
    acknowledged: 'Acknowledged',
  },
  panel: {
    noReports: 'This product has no history reports yet',
  },
};
