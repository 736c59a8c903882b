/** English texts of the monitor screens; the type makes every Chinese key required here. */
import type { monitorZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const monitorEnUS: Texts<typeof monitorZhCN> = {
  title: 'Monitoring',
};
