import { useId } from 'react';

/**
 * A name for an antd Form that is unique on the page. antd gives each field the id `<form name>_<field>`,
 * or the bare field name without one: a search form and a dialog both holding `deptName` would repeat the
 * id, and the dialog's labels would point at the search form's inputs.
 */
export const useFormName = (prefix: string): string => `${prefix}${useId().replace(/[^A-Za-z0-9]/g, '')}`;
