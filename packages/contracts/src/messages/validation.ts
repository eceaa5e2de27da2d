/** Request validation and other client faults, written in the caller's language. */
export const VALIDATION_MESSAGES = {
  'validation.bodyNotObject': { 'zh-CN': '请求体必须是 JSON 对象', 'en-US': 'request body must be a JSON object' },
  'validation.partInvalid': { 'zh-CN': '请求的{part}无效', 'en-US': '{part} is invalid' },
  'validation.field': { 'zh-CN': '{field}：{problem}', 'en-US': '{field}: {problem}' },
  'validation.expected': { 'zh-CN': '缺失或不是{expected}', 'en-US': 'is missing or not {expected}' },
  'validation.tooShort': { 'zh-CN': '长度至少为 {n}', 'en-US': 'must be at least {n} characters' },
  'validation.tooLong': { 'zh-CN': '长度最多为 {n}', 'en-US': 'must be at most {n} characters' },
  'validation.tooSmall': { 'zh-CN': '不能小于 {n}', 'en-US': 'must be at least {n}' },
  'validation.tooBig': { 'zh-CN': '不能大于 {n}', 'en-US': 'must be at most {n}' },
  'validation.tooFewItems': { 'zh-CN': '至少需要 {n} 项', 'en-US': 'needs at least {n} items' },
  'validation.tooManyItems': { 'zh-CN': '最多 {n} 项', 'en-US': 'takes at most {n} items' },
  'validation.format': { 'zh-CN': '格式不正确（{format}）', 'en-US': 'is not a valid {format}' },
  'validation.oneOf': { 'zh-CN': '取值应为 {values} 之一', 'en-US': 'must be one of {values}' },
  'validation.unknownKeys': { 'zh-CN': '不接受的字段 {keys}', 'en-US': 'unknown field(s) {keys}' },
  'validation.invalid': { 'zh-CN': '取值无效', 'en-US': 'is invalid' },
  'validation.notJson': { 'zh-CN': '请求体不是有效的 JSON', 'en-US': 'request body is not valid JSON' },
  'validation.emptyJson': { 'zh-CN': '请求体为空，却声明为 JSON', 'en-US': 'request body is empty but declared as JSON' },
  'validation.bodyTooLarge': { 'zh-CN': '请求体过大', 'en-US': 'request body is too large' },
  'validation.mediaType': { 'zh-CN': '不支持的内容类型', 'en-US': 'unsupported content type' },
  'validation.contentLength': { 'zh-CN': '内容长度与请求体不符', 'en-US': 'content length does not match the body' },
  'validation.badRequest': { 'zh-CN': '请求无效', 'en-US': 'bad request' },
  'validation.duplicate': { 'zh-CN': '已存在相同唯一值的记录', 'en-US': 'A record with the same unique value already exists' },
  'validation.reference': { 'zh-CN': '记录引用了不存在的数据，或仍被其他数据引用', 'en-US': 'The record refers to something that does not exist, or is still referred to' },
  'validation.noEndpoint': { 'zh-CN': '没有这个接口：{endpoint}', 'en-US': 'No such endpoint: {endpoint}' },
  'validation.serverError': { 'zh-CN': '服务器内部错误（请求 {id}）', 'en-US': 'Internal server error (request {id})' },
} as const;

/** Names of value types in validation messages. */
export const TYPE_NAMES: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  string: { 'zh-CN': '字符串', 'en-US': 'a string' },
  number: { 'zh-CN': '数字', 'en-US': 'a number' },
  int: { 'zh-CN': '整数', 'en-US': 'an integer' },
  boolean: { 'zh-CN': '布尔值', 'en-US': 'a boolean' },
  array: { 'zh-CN': '数组', 'en-US': 'an array' },
  object: { 'zh-CN': '对象', 'en-US': 'an object' },
  date: { 'zh-CN': '日期', 'en-US': 'a date' },
};
