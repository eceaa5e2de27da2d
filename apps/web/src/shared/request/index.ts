export { request } from './client';
export { http, requestEnvelope } from './http';
export { ApiError } from './api-error';
export { classifyResponse } from './classify-response';
export { setFeedbackApi, feedback } from './feedback';
export { downloadFile, saveBlob } from './download';
export type { RequestOptions, Params } from './build-request';
