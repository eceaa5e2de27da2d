import { App, Modal, message, notification } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

let holder: AppApi | null = null;

/** Called from inside antd's <App> so request feedback follows the theme and locale. */
export const setFeedbackApi = (api: AppApi | null): void => {
  holder = api;
};

export const feedback = {
  message: () => holder?.message ?? message,
  notification: () => holder?.notification ?? notification,
  confirm: (props: Parameters<AppApi['modal']['confirm']>[0]) => (holder ? holder.modal.confirm(props) : Modal.confirm(props)),
};
