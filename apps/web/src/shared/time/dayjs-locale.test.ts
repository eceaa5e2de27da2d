import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import './dayjs-locale';

describe('dayjs in the console language', () => {
  afterAll(() => changeLocale('zh-CN'));

  it('names months and weekdays in the language chosen, and switches with it', async () => {
    const names = () => ['MMMM', 'dddd'].map((f) => dayjs('2026-12-07T12:00:00').format(f));
    await changeLocale('zh-CN');
    expect(names()).toEqual(['十二月', '星期一']);
    await changeLocale('en-US');
    expect(names()).toEqual(['December', 'Monday']);
    await changeLocale('zh-CN');
    expect(names()).toEqual(['十二月', '星期一']);
  });
});
