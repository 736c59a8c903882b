/**
 * Carries out what clicks and controls on a running page ask for: writes through the §7 command
 * flow (confirmation and value prompts first, progress while polling, the catalogue's words for a
 * failure), opening another page, a link, or a popup window (never a popup inside a popup: 1601),
 * or running a click script in its sandbox and writing what it asks for.
 */
import { App, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeviceCommandError } from '@lyyp/contracts/commands';
import { translateError } from '@lyyp/contracts';
import { translateDesignerRejection, type RuleValue } from '@lyyp/contracts/designer';
import { createEmptyBinding } from '@lyyp/designer-core';
import type { ValueReader } from '@lyyp/designer-core';
import { commandApi } from '../../api/command.api.ts';
import { describeError } from '../../app/messages.ts';
import type { WidgetRuntime } from '../../widgets/render-context.ts';
import { writeKeyOf } from '../../widgets/signal-catalogue.ts';
import { parseTypedValue, planClick, type PageAction } from './runtime-actions.ts';
import { useLocaleStore } from '../../app/i18n.ts';

export interface PopupRequest {
  readonly pageId: string;
  readonly width: number;
  readonly height: number;
}

export interface PageActionOptions {
  readonly deviceId: string;
  readonly read: ValueReader;
  readonly insidePopup: boolean;
  readonly onPopup: (popup: PopupRequest) => void;
  /**
   * Where a confirmed write goes instead of the device (the designer's preview against typed
   * values); confirmations and value prompts are asked all the same.
   */
  readonly writeTo?: (key: string, value: RuleValue) => Promise<void>;
  /** Opens another page instead of following the monitoring site's address (the preview). */
  readonly onOpenPage?: (pageId: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function usePageActions({
  deviceId,
  read,
  insidePopup,
  onPopup,
  writeTo,
  onOpenPage,
}: PageActionOptions) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const releases = useRef(new Map<string, { key: string; value: RuleValue }>());

  const writeToDevice = async (key: string, value: RuleValue, progress: string) => {
    const reply = await commandApi.writeValue(deviceId, key, value, {
      onAttempt: (attempt) =>
        void message.loading({
          key: progress,
          content: `${t('designer.runtime.writing')} (${attempt})`,
          duration: 0,
        }),
    });
    if (reply.status !== 'success') throw new DeviceCommandError(reply.code ?? '1401', reply.message ?? null);
  };

  const write = async (key: string, value: RuleValue, feedback: boolean, delayMs: number) => {
    const progress = `write-${key}`;
    void message.loading({ key: progress, content: t('designer.runtime.writing'), duration: 0 });
    try {
      if (writeTo) await writeTo(key, value);
      else await writeToDevice(key, value, progress);
      if (delayMs > 0) await sleep(delayMs);
      if (feedback) void message.success({ key: progress, content: t('designer.runtime.writeDone') });
      else message.destroy(progress);
    } catch (error) {
      const text =
        error instanceof DeviceCommandError ? error.describe(locale) : describeError(error, locale);
      void message.error({ key: progress, content: text });
    }
  };

  const askForValue = (run: (value: RuleValue) => void) => {
    let typed = '';
    modal.confirm({
      title: t('designer.runtime.inputTitle'),
      content: (
        <Input
          autoFocus
          placeholder={t('designer.runtime.inputPlaceholder')}
          onChange={(event) => (typed = event.target.value)}
        />
      ),
      okText: t('designer.runtime.ok'),
      cancelText: t('designer.runtime.cancel'),
      onOk: () => {
        const value = parseTypedValue(typed);
        if (value === null) {
          void message.error(translateError('1403', locale));
          return Promise.reject(new Error('empty'));
        }
        run(value);
        return undefined;
      },
    });
  };

  /** Runs a click script; its writes go through the confirmed write flow like a write button's. */
  const runScript = async (action: Extract<PageAction, { kind: 'script' }>) => {
    const { runClickScript } = await import('./click-script.ts');
    const outcome = await runClickScript(action.script, {
      read: (key) => {
        const value = read({ ...createEmptyBinding(), signalId: key });
        return typeof value === 'number' || typeof value === 'string' ? value : undefined;
      },
    });
    if (!outcome.ok) {
      void message.error(translateError(outcome.code, locale, outcome.params));
      return;
    }
    if (outcome.writes.length === 0) return;
    const writeAll = () => {
      for (const { key, value } of outcome.writes) void write(key, value, action.feedback, action.delayMs);
    };
    if (action.confirm === null) writeAll();
    else
      modal.confirm({
        title: t('designer.runtime.confirmTitle'),
        content: action.confirm,
        okText: t('designer.runtime.ok'),
        cancelText: t('designer.runtime.cancel'),
        onOk: writeAll,
      });
  };

  const perform = (action: PageAction) => {
    switch (action.kind) {
      case 'none':
        return;
      case 'refused':
        void message.error(
          translateDesignerRejection(action.rejection.reason, locale, action.rejection.params),
        );
        return;
      case 'not-writable':
        void message.warning(t('designer.runtime.notWritable'));
        return;
      case 'write': {
        const go = (value: RuleValue) => void write(action.key, value, action.feedback, action.delayMs);
        const withValue = () => (action.value === null ? askForValue(go) : go(action.value));
        if (action.confirm !== null) {
          modal.confirm({
            title: t('designer.runtime.confirmTitle'),
            content: action.confirm,
            okText: t('designer.runtime.ok'),
            cancelText: t('designer.runtime.cancel'),
            onOk: withValue,
          });
        } else withValue();
        return;
      }
      case 'page':
        if (onOpenPage) {
          onOpenPage(action.pageId);
          return;
        }
        void navigate(
          `/monitor/devices/${encodeURIComponent(deviceId)}/pages/${encodeURIComponent(action.pageId)}`,
        );
        return;
      case 'link':
        window.open(action.url, action.target, 'noopener');
        return;
      case 'popup':
        onPopup(action);
        return;
      case 'script':
        runScript(action).catch((error: unknown) => void message.error(describeError(error, locale)));
        return;
    }
  };

  const fireEvent: WidgetRuntime['fireEvent'] = (widget, event, press) => {
    if (press === 'release') {
      const pending = releases.current.get(widget.id);
      releases.current.delete(widget.id);
      if (pending) void write(pending.key, pending.value, false, 0);
      return;
    }
    const action = planClick(event, { widgetBinding: widget.binding, read, insidePopup });
    if (action.kind === 'write' && action.releaseValue !== null) {
      releases.current.set(widget.id, { key: action.key, value: action.releaseValue });
    }
    perform(action);
  };

  const writeValue: WidgetRuntime['writeValue'] = (_widget, binding, value) => {
    const key = writeKeyOf(binding);
    if (!key) {
      void message.warning(t('designer.runtime.notWritable'));
      return;
    }
    void write(key, value, true, 0);
  };

  return { fireEvent, writeValue };
}
