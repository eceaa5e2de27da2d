import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface FailedQuery {
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** The error state of a list: what failed and a retry button (`query-error`), nothing while the query is fine. */
export function QueryError({ query }: { query: FailedQuery }) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  return (
    <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="query-error" title={t('logPage.loadFailed')} description={query.error?.message}
      action={<Button size="small" onClick={() => void query.refetch()}>{t('logPage.retry')}</Button>} />
  );
}
