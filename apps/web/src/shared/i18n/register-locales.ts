import { i18n } from './index';
import type { FeatureLocale } from './feature-locales';

/** Adds a feature's labels in both languages; called at the top of the feature's page module. */
export function registerLocales(...features: FeatureLocale[]): void {
  for (const feature of features) {
    for (const locale of ['zh-CN', 'en-US'] as const) i18n.addResources(locale, 'translation', feature[locale]);
  }
}
