import { Link } from 'react-router';
import { Typography } from 'antd';
import type { TerminalRow } from './log-page-config';

/** The terminal's name linked to its detail page, with its serial number beneath. */
export function TerminalLink({ row }: { row: TerminalRow }) {
  return (
    <div>
      <Link to={`/terminal/detail/${row.terminalId}`} data-testid="terminal-link">{row.terminalName || row.sn}</Link>
      <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.sn}</Typography.Text></div>
    </div>
  );
}
