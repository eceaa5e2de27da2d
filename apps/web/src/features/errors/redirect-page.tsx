import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path> re-enters /<path> with replace; used to refresh the current page. */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const target = `/${rest.replace(/^\/+/, '')}`;
  return <Navigate to={`${target}${search}${hash}`} replace />;
}
