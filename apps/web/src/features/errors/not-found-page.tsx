import { ErrorPage } from './error-page';

export default function NotFoundPage() {
  return <ErrorPage code="404" status="404" />;
}
