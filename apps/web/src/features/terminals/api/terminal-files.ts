import { downloadFile, type Params } from '../../../shared/request';

/** The filtered list as an xlsx workbook (every page, not only the one shown). */
export const exportTerminals = (filters: Params) => downloadFile('/api/v1/terminal/export', filters, 'terminals.xlsx');
