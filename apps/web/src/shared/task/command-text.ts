import { commandLabel, wordStored, type Locale } from '@sl/contracts';
import { i18n } from '../i18n';

const consoleLocale = (): Locale => (i18n.language === 'en-US' ? 'en-US' : 'zh-CN');

/** A protocol command's name in the console's language (`light.close` → 关灯); a name outside the protocol as sent. */
export const commandName = (cmd: string) => commandLabel(cmd, consoleLocale());

/** A task's stored outcome in the console's language: the server's own fixed texts worded, a terminal's own text as it sent it. */
export const outcomeText = (text: string) => wordStored({ text }, consoleLocale());
