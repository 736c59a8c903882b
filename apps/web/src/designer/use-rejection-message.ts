/** Shows why the editor refused the last action (a too small shape, a locked widget …), once per refusal. */
import { translateDesignerRejection } from '@lyyp/contracts/designer';
import { App } from 'antd';
import { useEffect } from 'react';
import { useDesigner } from './designer-context.ts';
import { useDesignerLocale } from './use-designer-locale.ts';

/** Refusals that are part of normal dragging (sliding along an edge) are not worth a message. */
const QUIET_REASONS = new Set(['near-canvas-edge', 'resize-past-edge', 'resize-too-small']);

export function useRejectionMessage(): void {
  const rejection = useDesigner((state) => state.editor.lastRejection);
  const { locale } = useDesignerLocale();
  const { message } = App.useApp();
  useEffect(() => {
    if (!rejection || QUIET_REASONS.has(rejection.reason)) return;
    void message.warning({
      key: 'designer-rejection',
      content: translateDesignerRejection(rejection.reason, locale, rejection.params),
    });
  }, [rejection, locale, message]);
}
