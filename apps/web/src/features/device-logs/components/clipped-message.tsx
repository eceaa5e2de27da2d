import { Typography } from 'antd';

/** One line cut at `width` with the whole message in a tooltip. */
export const ClippedMessage = ({ text, width = 360 }: { text: string; width?: number }) => (
  <Typography.Text style={{ maxWidth: width }} ellipsis={{ tooltip: text }}>{text}</Typography.Text>
);
