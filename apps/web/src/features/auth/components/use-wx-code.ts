import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { exchangeWxCode, getWxQrCode, wxOauthLogin } from '../api/wx';
import { completeSignIn } from '../session/complete-sign-in';
import { resolveWxCode, type WxOutcome } from '../wx-flow';

const api = { qrcode: getWxQrCode, exchange: exchangeWxCode, login: wxOauthLogin };

export type WxReturn = WxOutcome | { step: 'done'; target: string };

/** Runs once per code (the code is single-use, so no retries and no refetch). */
export function useWxCode(code: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useQuery<WxReturn>({
    queryKey: ['wx', 'code', code],
    queryFn: async () => {
      const outcome = await resolveWxCode(code, api, t('wx.missingCode'));
      if (outcome.step !== 'signed-in') return outcome;
      return { step: 'done', target: await completeSignIn(outcome.token, queryClient, null) };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
