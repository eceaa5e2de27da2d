import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A report row as the drill-down names it: its key (a place's id or an area's name, a period) and label. */
export interface NamedRow {
  key: string;
  label: string;
}

/** What a row's key is called: places have names, periods their first day, places without an area or cabinet a word. */
export function useRowLabel(level: string) {
  const { t } = useTranslation();
  return (r: NamedRow) =>
    r.label || (level === 'area' ? t('report.noArea') : level === 'cabinet' ? t('report.noCabinet') : level === 'policy' && r.key === '' ? t('report.noPolicy') : r.key);
}

/**
 * The name cell of a report table's row at `level` (a place level, or a period): the total's word; a lamp's name opening
 * its detail page; a place's name drilling one level down (`onDrill`); else the name.
 */
export function usePlaceName(level: string, onDrill?: (key: string, label: string) => void) {
  const { t } = useTranslation();
  const label = useRowLabel(level);
  return (r: NamedRow) => {
    if (r.key === 'total') return t('report.total');
    if (level === 'terminal') return <Link to={`/terminal/detail/${r.key}`} data-testid="report-lamp-link">{label(r)}</Link>;
    if (onDrill) return <a onClick={() => onDrill(r.key, label(r))} data-testid="report-drill">{label(r)}</a>;
    return label(r);
  };
}
