import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../shared/i18n';
import { useErrorLog } from '../../../shared/stores/error-log-store';
import { PageErrorBoundary } from './page-error-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): never {
  throw new Error('page exploded');
}

describe('PageErrorBoundary', () => {
  afterEach(() => useErrorLog.getState().clear());

  it('shows the crash page and records the error with its component stack', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(() => root.render(<PageErrorBoundary><Broken /></PageErrorBoundary>));
    expect(host.textContent).toContain('页面出错了');
    const [entry] = useErrorLog.getState().entries;
    expect(entry).toMatchObject({ message: 'page exploded', source: 'react' });
    expect(entry.stack).toContain('Broken');
    act(() => root.unmount());
    host.remove();
  });
});
