import { describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, pinnedTabs, refreshTab } from './tab-list';

const paths = (tabs: { path: string }[]) => tabs.map((t) => t.path);
const three = () => ['/a', '/b', '/c'].reduce((tabs, p) => openTab(tabs, p, p), pinnedTabs());

describe('tab list', () => {
  it('starts with the pinned dashboard and appends visited pages once', () => {
    const tabs = openTab(three(), '/a', '/a?x=1');
    expect(paths(tabs)).toEqual(['/dashboard', '/a', '/b', '/c']);
    expect(tabs[1].fullPath).toBe('/a?x=1');
  });

  it('closes a tab and names its right neighbour, else the left one', () => {
    expect(closeTab(three(), '/b')).toMatchObject({ next: { path: '/c' } });
    const last = closeTab(three(), '/c');
    expect(paths(last.tabs)).toEqual(['/dashboard', '/a', '/b']);
    expect(last.next?.path).toBe('/b');
  });

  it('never closes the pinned tab', () => {
    const { tabs, next } = closeTab(three(), '/dashboard');
    expect(paths(tabs)).toEqual(['/dashboard', '/a', '/b', '/c']);
    expect(next).toBeUndefined();
  });

  it('closes the others but keeps the pinned tab, and close all keeps only the pinned tab', () => {
    expect(paths(closeOtherTabs(three(), '/b'))).toEqual(['/dashboard', '/b']);
    expect(paths(closeAllTabs(three()))).toEqual(['/dashboard']);
  });

  it('bumps the version of a refreshed tab only', () => {
    expect(refreshTab(three(), '/b').map((t) => t.version)).toEqual([0, 0, 1, 0]);
  });
});
