import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Modal, Tooltip, type ModalProps } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface AppDialogProps extends Omit<ModalProps, 'title' | 'width' | 'styles'> {
  title: ReactNode;
  /** Width when not filling the screen; '80%' by default (spec §2). */
  width?: string | number;
  /** Controlled fill-screen state; leave it out to let the header button manage it. */
  fullscreen?: boolean;
  /** Initial fill-screen state when uncontrolled. */
  defaultFullscreen?: boolean;
  onFullscreenChange?: (fullscreen: boolean) => void;
  /** Show the fill-screen toggle beside the title (default true). */
  fullscreenToggle?: boolean;
  styles?: { body?: CSSProperties; container?: CSSProperties };
}

const filled = {
  modal: { top: 0, maxWidth: '100vw', paddingBottom: 0 } satisfies CSSProperties,
  container: { minHeight: '100vh', borderRadius: 0, display: 'flex', flexDirection: 'column' } satisfies CSSProperties,
  body: { flex: 1, overflow: 'auto' } satisfies CSSProperties,
};

/**
 * The console's reusable dialog (spec §2): an antd Modal with a title, a width of 80 % by default and a
 * fill-screen option, either controlled through `fullscreen` or toggled by the header button.
 * Every other Modal prop passes through.
 */
export function AppDialog({ title, width = '80%', fullscreen, defaultFullscreen = false, onFullscreenChange, fullscreenToggle = true, style, styles, children, ...rest }: AppDialogProps) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(defaultFullscreen);
  const full = fullscreen ?? own;
  const toggle = () => {
    setOwn(!full);
    onFullscreenChange?.(!full);
  };
  const label = t(full ? 'dialog.exitFullscreen' : 'dialog.fullscreen');
  const header = (
    <div className="app-dialog-title" style={{ display: 'flex', alignItems: 'center', gap: 8, paddingInlineEnd: 32 }}>
      <span style={{ flex: 1, minWidth: 0 }}>{title}</span>
      {fullscreenToggle && (
        <Tooltip title={label}>
          <Button type="text" size="small" aria-label={label} aria-pressed={full} data-testid="dialog-fullscreen" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} />
        </Tooltip>
      )}
    </div>
  );
  return (
    <Modal
      {...rest}
      title={header}
      width={full ? '100vw' : width}
      style={full ? { ...style, ...filled.modal } : style}
      styles={full ? { ...styles, container: { ...styles?.container, ...filled.container }, body: { ...styles?.body, ...filled.body } } : styles}
    >
      {children}
    </Modal>
  );
}
