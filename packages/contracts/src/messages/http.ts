/** Messages about the HTTP request itself: uploads and their limits. */
export const HTTP_MESSAGES = {
  'http.fileMissing': { 'zh-CN': '请以 multipart 表单字段 "file" 上传文件', 'en-US': 'Upload the file as multipart form field "file"' },
  'http.fileTooLarge': { 'zh-CN': '文件不能超过 {limit} MB', 'en-US': 'The file must be at most {limit} MB' },
  'http.archiveTooLarge': { 'zh-CN': '文件解压后超过 {limit} MB', 'en-US': 'The file unpacks to more than {limit} MB' },
} as const;
