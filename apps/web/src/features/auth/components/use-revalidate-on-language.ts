import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Re-run validation of fields that show an error so the message follows a language switch. */
export function useRevalidateOnLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const withErrors = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (withErrors.length > 0) void form.validateFields(withErrors).catch(() => undefined);
  }, [i18n.language, form]);
}
