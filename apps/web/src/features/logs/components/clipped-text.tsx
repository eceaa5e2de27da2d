import { Typography } from 'antd';

/** One line cut at `width` with the full text in a tooltip (tables here size to content, so `ellipsis` alone does not cut). */
export const ClippedText = ({ text, width = 260 }: { text: string; width?: number }) => (
  <Typography.Text style={{ maxWidth: width }} ellipsis={{ tooltip: text }}>
    {text}
  </Typography.Text>
);
