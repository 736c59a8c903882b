/** Chinese texts of the monitor screens (merged into the console texts under `monitor`). */
export const monitorZhCN = {
  title: '设备监控',
};
