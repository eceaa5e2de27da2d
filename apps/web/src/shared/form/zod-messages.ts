/** Contract messages (zod) with a translated counterpart; others are shown as the contract words them. */
export const KNOWN_MESSAGES: ReadonlyArray<[RegExp, string]> = [
  [/must be a phone number$/, 'validation.phone'],
  [/must be an e-mail address$/, 'validation.email'],
  [/^username must be/, 'validation.username'],
  [/^roleKey must start/, 'validation.roleKey'],
  [/^menuName must be/, 'validation.menuName'],
  [/^permission must look like/, 'validation.permission'],
  [/must not contain spaces$/, 'validation.noSpaces'],
  [/^dictType must hold/, 'validation.dictType'],
  [/must be an integer$/, 'validation.integer'],
  [/must be a number$/, 'validation.number'],
];
