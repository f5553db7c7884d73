export { api, configureHttp, http, HttpFailure, isCancelled, type RequestOptions } from './client';
export { apiErrorText } from './helpers';
