/** Route screens load as separate chunks, each with a deadline, a spinner and an error boundary. */
import { Spin } from 'antd';
import { Suspense, lazy, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { loadChunkWithin } from './chunk-loader.ts';

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spin size="large" />
    </div>
  );
}

export function lazyPage(importer: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(() => loadChunkWithin(importer));
  function LazyScreen() {
    // One failed screen must not stick to the next location.
    const { pathname } = useLocation();
    return (
      <ChunkErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Screen />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyScreen;
}
