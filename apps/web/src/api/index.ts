/** The web console's HTTP layer: nothing outside this folder calls fetch. */
export { ApiError, isApiError, NETWORK_FAILURE_CODE, TIMEOUT_CODE, type ApiClient } from './client.ts';
export type { AuthApi, RegisterFields, NewPasswordRequest, PhoneCaptchaProof } from './auth.api.ts';
export { apiClient, authApi, bindApiClient } from './instance.ts';
