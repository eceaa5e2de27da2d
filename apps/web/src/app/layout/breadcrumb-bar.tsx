import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '@sl/contracts';
import { useRouteTrail } from './use-route-trail';

/** Home → folders → page, from the menu tree. */
export function BreadcrumbBar() {
  const { t } = useTranslation();
  const trail = useRouteTrail();
  const items = [
    { key: 'home', title: <Link to={HOME_PATH}><HomeOutlined /> {t('route.home')}</Link> },
    ...trail.map((crumb, index) => ({
      key: `${index}-${crumb.title}`,
      title: crumb.path && index < trail.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
    })),
  ];
  return <Breadcrumb data-testid="breadcrumb" className="app-breadcrumb" items={items} />;
}
