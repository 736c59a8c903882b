/**
 * Catches what a lazily loaded screen throws while loading or rendering, and shows a readable
 * message with a reload button instead of a blank page: the catalogue's 1603 for a missing script
 * chunk, 1604 for a missing style sheet, the generic text for anything else.
 */
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from './messages.ts';
import { useLocaleStore } from './i18n.ts';

export function ScreenErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <Result
      status="warning"
      title={describeError(error, locale)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}

interface BoundaryProps {
  /** A new value (the next location) clears a shown error without remounting what is inside. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

export class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error !== null) return <ScreenErrorView error={this.state.error} />;
    return this.props.children;
  }
}
