import { LAYOUT_COMPONENT, type MenuInput } from '@sl/contracts';

/** Fill what the form hides for a type, so the server gets a consistent row. */
export function normaliseMenu(values: MenuInput): MenuInput {
  if (values.menuType === 'M') return { ...values, component: LAYOUT_COMPONENT, permission: values.permission ?? '' };
  if (values.menuType === 'F') return { ...values, path: '', component: '', icon: '', visible: '0' };
  return values;
}
