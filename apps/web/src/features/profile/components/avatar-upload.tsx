import { useRef } from 'react';
import { Button, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { feedback } from '../../../shared/request';
import { useSessionStore } from '../../../shared/stores/session-store';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_ACCEPT, checkAvatarFile } from '../avatar-file';

export function AvatarUpload() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const avatar = useSessionStore((s) => s.info?.avatar);
  const upload = useUploadAvatar();
  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) return void feedback.message().error(t(problem === 'size' ? 'profile.avatarTooBig' : 'profile.avatarNotImage'));
    upload.mutate(file, { onSuccess: () => void feedback.message().success(t('profile.avatarSaved')) });
  };
  return (
    <Space orientation="vertical" size="large" align="center" style={{ width: '100%', padding: '24px 0' }}>
      <UserAvatar avatar={avatar} size={128} />
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        hidden
        data-testid="avatar-input"
        onChange={(e) => pick(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => input.current?.click()}>
        {t('profile.chooseAvatar')}
      </Button>
      <Typography.Text type="secondary">{t('profile.avatarHint')}</Typography.Text>
    </Space>
  );
}
