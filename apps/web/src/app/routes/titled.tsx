import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@sl/contracts';
import { menuTitle } from '../../shared/menu/menu-tree';
import { usePageTitle } from '../../shared/page-title/use-page-title';

type Props = { children: ReactNode; heading?: boolean } & ({ menu: Pick<MenuNode, 'menuName' | 'title'> } | { titleKey: string });

/** Sets `${page title} - ${site title}` for the route it wraps, in the current language, and gives the page its h1 (unless `heading` is false: the page has its own). */
export function Titled(props: Props) {
  const { t } = useTranslation();
  const title = 'menu' in props ? menuTitle(props.menu) : t(props.titleKey);
  usePageTitle(title);
  if (props.heading === false) return props.children;
  // Each page's one level-one heading, for screen readers (the breadcrumb shows it on screen).
  return (
    <>
      <h1 className="sr-only">{title}</h1>
      {props.children}
    </>
  );
}
