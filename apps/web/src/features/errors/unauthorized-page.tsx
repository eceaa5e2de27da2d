import { ErrorPage } from './error-page';

export default function UnauthorizedPage() {
  return <ErrorPage code="401" status="403" />;
}
