/** Chinese texts of the designer screens (merged into the console texts under `designer`). */
export const designerZhCN = {
  title: '页面设计',
  widget: {
    notBuilt: '暂未实现',
  },
};
