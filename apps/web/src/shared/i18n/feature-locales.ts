import { commonLocales } from './common-locales';
import { blocksLocales } from './blocks-locales';
import { authLocales } from '../../features/auth/locales';
import { layoutLocales } from '../../app/layout/locales';

/** Each feature keeps its labels beside its code as `{ 'zh-CN': {...}, 'en-US': {...} }`. */
export interface FeatureLocale {
  'zh-CN': Record<string, string>;
  'en-US': Record<string, string>;
}

/**
 * The labels the sign-in page and the shell need before any page loads. The signed-in shell
 * registers every feature's labels (`ALL_FEATURE_LOCALES`) when it loads, so the sign-in page does
 * not carry the labels of every page (see docs/performance.md).
 */
export const SHELL_LOCALES: FeatureLocale[] = [commonLocales, blocksLocales, authLocales, layoutLocales];
