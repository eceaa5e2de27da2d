import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaResponse } from '@sl/contracts';
import { requestEnvelope } from '../../../shared/request';

/** The captcha answers at the top level: the image is `data`, the uuid is `id`. */
export async function getCaptcha(): Promise<{ image: string; uuid: string }> {
  const body = (await requestEnvelope<string>({ url: '/api/v1/getCaptcha' })) as CaptchaResponse;
  return { image: body.data, uuid: body.id };
}

export const captchaQuery = queryOptions({
  queryKey: ['captcha'],
  queryFn: getCaptcha,
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});

export const useCaptcha = (enabled: boolean) => useQuery({ ...captchaQuery, enabled });
