import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { setFeedbackApi } from '../request';
import { confirmDelete, deleteConfirmText } from './confirm-delete';

describe('confirmDelete', () => {
  afterEach(async () => {
    setFeedbackApi(null);
    await i18n.changeLanguage('zh-CN');
  });

  it('quotes up to three names and counts beyond', async () => {
    expect(deleteConfirmText(['张三'])).toBe('确定删除 "张三" 吗？');
    expect(deleteConfirmText(['a', 'b'])).toBe('确定删除 "a"、"b" 吗？');
    expect(deleteConfirmText(['a', 'b', 'c', 'd'])).toBe('确定删除选中的 4 项吗？');
    await i18n.changeLanguage('en-US');
    expect(deleteConfirmText(['a', 'b'])).toBe('Delete "a", "b"?');
    expect(deleteConfirmText(['a', 'b', 'c', 'd'])).toBe('Delete the 4 selected items?');
  });

  it('opens a confirm with a danger button that runs onOk', () => {
    const confirm = vi.fn();
    setFeedbackApi({ modal: { confirm } } as never);
    const onOk = vi.fn();
    confirmDelete({ names: ['x'], onOk });
    const props = confirm.mock.calls[0][0];
    expect(props.content).toBe('确定删除 "x" 吗？');
    expect(props.okButtonProps.danger).toBe(true);
    props.onOk();
    expect(onOk).toHaveBeenCalled();
  });
});
