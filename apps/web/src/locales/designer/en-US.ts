/** English texts of the designer screens; the type makes every Chinese key required here. */
import type { designerZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const designerEnUS: Texts<typeof designerZhCN> = {
  title: 'Page designer',
  widget: {
    notBuilt: 'Not built yet',
  },
};
