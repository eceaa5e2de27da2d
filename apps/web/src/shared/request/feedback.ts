import { message, notification, type App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type ConfirmProps = Parameters<AppApi['modal']['confirm']>[0];

let holder: AppApi | null = null;

/** Called from inside antd's <App> (mounted by the signed-in shell) so feedback follows the theme and locale. */
export const setFeedbackApi = (api: AppApi | null): void => {
  holder = api;
};

/** Outside the shell (sign-in, error pages) the static methods serve; the modal loads only when first asked for. */
export const feedback = {
  message: () => holder?.message ?? message,
  notification: () => holder?.notification ?? notification,
  confirm: (props: ConfirmProps): void => {
    if (holder) holder.modal.confirm(props);
    else void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm(props));
  },
};
