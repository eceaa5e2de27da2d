import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordError } from '../../../shared/stores/error-log-store';

function PageCrash({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('shell.pageCrashed')}
      subTitle={t('shell.pageCrashedHint')}
      extra={<Button type="primary" onClick={onRetry}>{t('shell.retry')}</Button>}
    />
  );
}

/** Keeps one page's render error inside that page and records it in the error log. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    recordError(Object.assign(error, { stack: `${error.stack ?? ''}${info.componentStack ?? ''}` }), 'react');
  }

  render() {
    return this.state.error ? <PageCrash onRetry={() => this.setState({ error: null })} /> : this.props.children;
  }
}
