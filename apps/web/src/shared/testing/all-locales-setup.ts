// Component tests render parts without their page module, which is what registers a feature's labels.
import { registerLocales } from '../i18n/register-locales';
import { ALL_FEATURE_LOCALES } from '../i18n/all-feature-locales';

registerLocales(...ALL_FEATURE_LOCALES);
