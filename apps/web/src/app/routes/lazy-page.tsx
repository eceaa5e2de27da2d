import { Suspense, lazy, type ComponentType } from 'react';
import { Spin } from 'antd';

export const PageSpinner = () => (
  <div className="full-spin">
    <Spin size="large" />
  </div>
);

/** A code-split page with its own loading state. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    );
  };
}
