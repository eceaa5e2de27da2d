export { useDict, dictQuery, getDict, toDictItems, type DictItem } from './use-dict';
export { DictTag } from './dict-tag';
export { DictSelect } from './dict-select';
