import { useEffect } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SAVE_PERMISSION, profileUpdate, type SysUser } from '@sl/contracts';
import { useDict } from '../../../shared/dict';
import { zodRule } from '../../../shared/form/zod-rule';
import { Access } from '../../../shared/permission/access';
import { feedback } from '../../../shared/request';
import { useUpdateProfile, type ProfileValues } from '../api/update-profile';

const fields = profileUpdate.shape;

export function ProfileForm({ user }: { user: SysUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const sexes = useDict('sys_user_sex');
  const save = useUpdateProfile();
  useEffect(() => {
    form.setFieldsValue({ nickName: user.nickName, phone: user.phone, email: user.email, sex: user.sex, introduction: user.introduction });
  }, [form, user]);
  const submit = (values: ProfileValues) =>
    save.mutate(values, { onSuccess: () => void feedback.message().success(t('profile.saved')) });
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }} data-testid="profile-form">
      <Form.Item name="nickName" label={t('profile.nickName')} rules={[zodRule(fields.nickName, t('profile.nickName'))]}>
        <Input data-testid="field-nickName" maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={t('profile.phone')} rules={[zodRule(fields.phone, t('profile.phone'))]}>
        <Input data-testid="field-phone" inputMode="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('profile.email')} rules={[zodRule(fields.email, t('profile.email'))]}>
        <Input data-testid="field-email" inputMode="email" />
      </Form.Item>
      <Form.Item name="sex" label={t('profile.sex')}>
        <Radio.Group data-testid="field-sex" options={sexes.items.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="introduction" label={t('profile.introduction')} rules={[zodRule(fields.introduction, t('profile.introduction'))]}>
        <Input.TextArea data-testid="field-introduction" rows={3} maxLength={255} showCount />
      </Form.Item>
      <Access permissions={[SAVE_PERMISSION]}>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="profile-save">
          {t('profile.save')}
        </Button>
      </Access>
    </Form>
  );
}
