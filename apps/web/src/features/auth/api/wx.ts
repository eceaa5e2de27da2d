import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WxAccessToken, WxBindBody, WxLoginResult, WxQrCode, WxStandinConfirmBody, WxStandinConfirmed } from '@sl/contracts';
import { http } from '../../../shared/request';

/** Silent: the QR panel and the return page show these failures themselves. */
const silent = { silent: true };

export const getWxQrCode = () => http.get<WxQrCode>('/api/wx/pc/qrcode', undefined, silent);

export const exchangeWxCode = (appid: string, code: string) =>
  http.post<WxAccessToken>('/api/wx/pc/accesstoken/code', { appid, code, grant_type: 'authorization_code' }, silent);

export const wxOauthLogin = (auth: Pick<WxAccessToken, 'accessToken' | 'openId'>) =>
  http.post<WxLoginResult>('/api/wx/pc/login/oauth', auth, silent);

export const wxBindUser = (body: WxBindBody) => http.post<WxLoginResult>('/api/wx/pc/binduser', body);

/** The demo stand-in's confirmation; its page shows a refusal itself. */
export const confirmStandin = (body: WxStandinConfirmBody) => http.post<WxStandinConfirmed>('/api/wx/standin/confirm', body, silent);

/** A fresh state each time the panel opens; no refetch on focus, which would swap the code under the camera. */
export const wxQrCodeQuery = queryOptions({ queryKey: ['wx', 'qrcode'], queryFn: getWxQrCode, staleTime: Infinity, gcTime: 0, retry: false });

export const useWxQrCode = () => useQuery(wxQrCodeQuery);
