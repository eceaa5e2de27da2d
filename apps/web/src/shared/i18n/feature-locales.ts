/** Each feature keeps its labels beside its code as `{ 'zh-CN': {...}, 'en-US': {...} }` and is listed here. */
export interface FeatureLocale {
  'zh-CN': Record<string, string>;
  'en-US': Record<string, string>;
}

export const FEATURE_LOCALES: FeatureLocale[] = [];
