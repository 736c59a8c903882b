/** Texts of the history report table and alarm records widgets (Chinese, the default). */
export const widgetDataZhCN = {
  history: {
    time: '时间',
    sampleColumn: '报表变量 {{index}}',
    chooseSignals: '请在属性中选择变量',
    chooseReport: '请在属性中选择报表',
    noDevice: '运行时显示设备的数据',
    empty: '该时间段没有数据',
    export: '导出',
    exportCsv: '导出 CSV',
    exportXlsx: '导出 Excel',
    range: '时间范围',
    reportGone: '报表已不存在',
    preview: '示例数据',
  },
  alarm: {
    device: '设备',
    state: '状态',
    allStates: '全部状态',
    preview: '示例记录',
    previewName: '出水温度过高',
    previewMessage: '出水温度 92.5 ℃ 高于 90 ℃',
    previewDevice: '1 号锅炉',
    noDevice: '运行时显示设备的报警记录',
    empty: '没有报警记录',
    acknowledge: '确认',
    acknowledged: '已确认',
  },
  panel: {
    noReports: '该产品还没有历史报表',
  },
};
