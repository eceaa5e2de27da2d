import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { resolveAvatar } from './resolve-avatar';

/** The user's avatar, or a default icon avatar when there is none. */
export function UserAvatar({ avatar, size = 'default' }: { avatar?: string | null; size?: number | 'small' | 'default' | 'large' }) {
  const src = resolveAvatar(avatar);
  return src ? <Avatar src={src} size={size} icon={<UserOutlined />} /> : <Avatar size={size} icon={<UserOutlined />} style={{ backgroundColor: '#1890ff' }} />;
}
