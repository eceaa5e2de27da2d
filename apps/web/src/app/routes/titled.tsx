import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@sl/contracts';
import { menuTitle } from '../../shared/menu/menu-tree';
import { usePageTitle } from '../../shared/page-title/use-page-title';

type Props = { children: ReactNode } & ({ menu: Pick<MenuNode, 'menuName' | 'title'> } | { titleKey: string });

/** Sets `${page title} - ${site title}` for the route it wraps, in the current language. */
export function Titled(props: Props) {
  const { t } = useTranslation();
  usePageTitle('menu' in props ? menuTitle(props.menu) : t(props.titleKey));
  return props.children;
}
