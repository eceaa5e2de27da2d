import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuType } from '@sl/contracts';

const COLORS: Record<MenuType, string> = { M: 'blue', C: 'green', F: 'orange' };

export function MenuTypeTag({ type }: { type: MenuType }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[type]}>{t(`menuAdmin.type${type}`)}</Tag>;
}
