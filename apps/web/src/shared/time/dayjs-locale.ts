import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { DEFAULT_LOCALE, type Locale } from '@sl/contracts';
import { i18n } from '../i18n';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };
const follow = (language: string) => void dayjs.locale(DAYJS_LOCALES[language as Locale] ?? DAYJS_LOCALES[DEFAULT_LOCALE]);

/**
 * dayjs (dates, antd's pickers) in the console's language, switched with it. Loaded by what formats dates and by the
 * signed-in shell, not by the sign-in page, which shows no date: dayjs and its locales stay out of its budget.
 */
follow(i18n.language);
i18n.on('languageChanged', follow);
