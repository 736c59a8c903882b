/** 产品文件（导出与导入）的中文文本。 */
export const productTransferZhCN = {
  export: '导出',
  exportTip: '下载产品文件：变量、驱动、脚本、公式、组态页面、报表与报警，可在本平台或其他平台导入',
  import: '导入产品',
  importTip: '选择导出的产品文件（.json），创建一个新的开发中产品；文件有误时不会创建任何内容',
  imported: '已导入产品「{{title}}」',
};
