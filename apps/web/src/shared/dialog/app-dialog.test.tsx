import '../testing/jsdom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { AppDialog } from './app-dialog';

const modalOf = (text: string) => screen.getByText(text).closest('.ant-modal') as HTMLElement;

describe('AppDialog', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));
  afterEach(cleanup);

  it('shows the title and content at 80 % width by default', () => {
    render(<AppDialog open title="终端详情">body</AppDialog>);
    expect(screen.getByText('终端详情')).toBeTruthy();
    expect(modalOf('body').style.width).toBe('80%');
  });

  it('fills the screen from the header button and back', () => {
    render(<AppDialog open title="T" width={600}>body</AppDialog>);
    expect(modalOf('body').style.width).toBe('600px');
    fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(modalOf('body').style.width).toBe('100vw');
    expect(modalOf('body').style.top).toBe('0px');
    fireEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(modalOf('body').style.width).toBe('600px');
  });

  it('can be controlled through the fullscreen prop and labels the toggle in English', async () => {
    await i18n.changeLanguage('en-US');
    const change = vi.fn();
    const { rerender } = render(<AppDialog open title="T" fullscreen={false} onFullscreenChange={change}>body</AppDialog>);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(change).toHaveBeenCalledWith(true);
    expect(modalOf('body').style.width).toBe('80%');
    rerender(<AppDialog open title="T" fullscreen onFullscreenChange={change}>body</AppDialog>);
    expect(modalOf('body').style.width).toBe('100vw');
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeTruthy();
  });

  it('hides the toggle on request', () => {
    render(<AppDialog open title="T" fullscreenToggle={false} defaultFullscreen>body</AppDialog>);
    expect(screen.queryByTestId('dialog-fullscreen')).toBeNull();
    expect(modalOf('body').style.width).toBe('100vw');
  });
});
