import type { ReactNode } from 'react';
import { theme } from 'antd';
import { LangSwitch } from '../../../shared/i18n/lang-switch';

/** The public pages' frame: one column as wide as a phone, the language switch on top. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', boxSizing: 'border-box', background: token.colorBgLayout, padding: token.padding }}>
      <div style={{ maxWidth: 480, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: token.marginSM }}><LangSwitch /></div>
        {children}
      </div>
    </main>
  );
}
